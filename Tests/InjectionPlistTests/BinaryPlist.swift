import Foundation

/// A small binary property-list writer for hostile files: objects that share references, that
/// refer to themselves, and trailers with any sizes.
struct BinaryPlist {
  enum Object {
    case string(String)
    /// An ASCII string (marker `0x5_`) of these bytes, whatever they are.
    case asciiBytes([UInt8])
    /// A UTF-16 string (marker `0x6_`) of these units, whatever they are.
    case utf16Units([UInt16])
    case integer(Int64)
    case real(Double)
    case boolean(Bool)
    /// Object numbers.
    case array([Int])
    /// Key and value object numbers.
    case dictionary([(key: Int, value: Int)])
  }

  var objects: [Object] = []
  var top = 0
  /// Written in the trailer as is; the real width of offsets is always 4 bytes unless this is
  /// 1, 2, 4 or 8.
  var offsetSize = 4
  let referenceSize = 2

  /// Adds an object and returns its number.
  mutating func add(_ object: Object) -> Int {
    objects.append(object)
    return objects.count - 1
  }

  var data: Data {
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    func length(_ marker: UInt8, _ count: Int) {
      if count < 15 {
        bytes.append(marker | UInt8(count))
      } else {
        bytes.append(marker | 0x0F)
        bytes.append(0x13)
        bytes += bigEndian(UInt64(count), 8)
      }
    }
    for object in objects {
      offsets.append(bytes.count)
      switch object {
      case .string(let string):
        length(0x50, string.utf8.count)
        bytes += Array(string.utf8)
      case .asciiBytes(let raw):
        length(0x50, raw.count)
        bytes += raw
      case .utf16Units(let units):
        length(0x60, units.count)
        for unit in units { bytes += bigEndian(UInt64(unit), 2) }
      case .integer(let value):
        bytes.append(0x13)
        bytes += bigEndian(UInt64(bitPattern: value), 8)
      case .real(let value):
        bytes.append(0x23)
        bytes += bigEndian(value.bitPattern, 8)
      case .boolean(let value):
        bytes.append(value ? 0x09 : 0x08)
      case .array(let elements):
        length(0xA0, elements.count)
        for element in elements { bytes += bigEndian(UInt64(element), referenceSize) }
      case .dictionary(let pairs):
        length(0xD0, pairs.count)
        for pair in pairs { bytes += bigEndian(UInt64(pair.key), referenceSize) }
        for pair in pairs { bytes += bigEndian(UInt64(pair.value), referenceSize) }
      }
    }
    let tableOffset = bytes.count
    let width = [1, 2, 4, 8].contains(offsetSize) ? offsetSize : 4
    for offset in offsets { bytes += bigEndian(UInt64(offset), width) }
    bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
    bytes += bigEndian(UInt64(objects.count), 8)
    bytes += bigEndian(UInt64(top), 8)
    bytes += bigEndian(UInt64(tableOffset), 8)
    return Data(bytes)
  }

  private func bigEndian(_ value: UInt64, _ width: Int) -> [UInt8] {
    (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
  }

  /// A services file whose entry `AService` has the property `a` set to `value`: the object
  /// numbers of `Services` and of the entry's dictionary are returned with it.
  static func services(
    value: (inout BinaryPlist) -> Int
  ) -> BinaryPlist {
    var plist = BinaryPlist()
    let a = plist.add(.string("a"))
    let property = value(&plist)
    let entry = plist.add(.dictionary([(a, property)]))
    let entryKey = plist.add(.string("AService"))
    let services = plist.add(.dictionary([(entryKey, entry)]))
    let servicesKey = plist.add(.string("Services"))
    plist.top = plist.add(.dictionary([(servicesKey, services)]))
    return plist
  }
}
