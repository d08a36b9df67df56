#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A binary property-list (`bplist00`) reader that bounds what shared references expand to.
///
/// One object may be referred to from many places (Apple's writers share equal strings and
/// numbers), so a small file can describe a huge tree: arrays that each hold the same array
/// fourteen times, eight levels down, describe 14⁸ leaves. The reader walks the object graph
/// once, depth first with an explicit stack: it builds each object once (shared objects share
/// their storage), refuses a reference cycle, and sums the values each object expands to,
/// stopping as soon as a sum passes ``PlistOptions/maximumValueCount`` or a nesting passes
/// ``PlistOptions/maximumDepth``. Time and memory are linear in the file's size.
///
/// It accepts offset and reference sizes of 1 to 8 bytes (what the format's header can
/// describe and Core Foundation reads) and refuses any other, such as 0 or 9; it refuses the
/// objects a services file never holds (null, UID, set) and 16-byte reals. Strings are read
/// exactly or refused: an ASCII string (marker `0x5_`) with a byte over 0x7F, or a UTF-16 string
/// with a lone surrogate, is ``PlistError/Problem/Kind/invalidText(encoding:detail:)``.
struct BinaryPlistReader {
  private let bytes: UnsafeBufferPointer<UInt8>
  private let options: PlistOptions
  private var offsetSize = 0
  private var referenceSize = 0
  private var objectCount = 0
  private var tableOffset = 0
  private var problems: [ReadProblem] = []

  /// 0: not seen, 1: on the stack (being built), 2: built.
  private var states: [UInt8] = []
  private var values: [PlistValue?] = []
  /// How many values each built object expands to, itself included.
  private var expanded: [Int] = []
  /// How deep the containers inside each built object nest: -1 for a leaf, 0 for a container
  /// that holds no container.
  private var heights: [Int] = []

  private struct Frame {
    let object: Int
    let isDictionary: Bool
    /// Where the references to the elements (a dictionary's values) start.
    let references: Int
    /// Where a dictionary's key references start.
    let keys: Int
    let count: Int
    var next = 0
    var expanded = 1
    var height = 0
  }

  init(bytes: UnsafeBufferPointer<UInt8>, options: PlistOptions) {
    self.bytes = bytes
    self.options = options
  }

  mutating func read() throws(ReadProblem) -> PlistReader.Result {
    guard bytes.starts(with: "bplist00".utf8) else {
      throw failure("a binary property list of a version other than bplist00")
    }
    guard bytes.count >= 8 + 1 + 32 else { throw failure("a binary property list too short") }
    let trailer = bytes.count - 32
    offsetSize = Int(bytes[trailer + 6])
    referenceSize = Int(bytes[trailer + 7])
    guard (1...8).contains(offsetSize) else {
      throw failure("the offset size is \(offsetSize); it is 1 to 8 bytes")
    }
    guard (1...8).contains(referenceSize) else {
      throw failure("the object reference size is \(referenceSize); it is 1 to 8 bytes")
    }
    let count = integer(at: trailer + 8, size: 8)
    let top = integer(at: trailer + 16, size: 8)
    let table = integer(at: trailer + 24, size: 8)
    guard count >= 1, table >= 9, table < UInt64(trailer),
      count <= (UInt64(trailer) - table) / UInt64(offsetSize), top < count
    else {
      throw failure("the trailer's object count, top object or offset table is out of bounds")
    }
    objectCount = Int(count)
    tableOffset = Int(table)
    states = Array(repeating: 0, count: objectCount)
    values = Array(repeating: nil, count: objectCount)
    expanded = Array(repeating: 0, count: objectCount)
    heights = Array(repeating: -1, count: objectCount)
    let root = try build(Int(top))
    return PlistReader.Result(root: root, problems: problems)
  }

  // MARK: - The walk

  /// Builds `top` and everything it refers to, depth first, without recursion.
  private mutating func build(_ top: Int) throws(ReadProblem) -> PlistValue {
    var stack: [Frame] = []
    if let frame = try open(top, stack: stack) {
      stack.append(frame)
    }
    while let frame = stack.last {
      let position = stack.count - 1
      if frame.next < frame.count {
        stack[position].next += 1
        let child = try reference(at: frame.references + frame.next * referenceSize)
        switch states[child] {
        case 1:
          throw ReadProblem(
            path: try path(stack), line: nil,
            kind: .malformed("a reference cycle: an object contains itself"))
        case 2:
          break
        default:
          if let opened = try open(child, stack: stack) {
            stack.append(opened)
            continue
          }
        }
        try account(child, in: &stack)
        continue
      }
      stack.removeLast()
      let value: PlistValue
      if frame.isDictionary {
        var dictionary: [String: PlistValue] = [:]
        dictionary.reserveCapacity(frame.count)
        for element in 0..<frame.count {
          let key = try keyString(of: frame, element, stack: stack)
          let object = try reference(at: frame.references + element * referenceSize)
          if dictionary.updateValue(values[object]!, forKey: key) != nil {
            problems.append(
              ReadProblem(
                path: try path(stack) + [.key(key)], line: nil, kind: .duplicateKey(key)))
          }
        }
        value = .dictionary(dictionary)
      } else {
        var array: [PlistValue] = []
        array.reserveCapacity(frame.count)
        for element in 0..<frame.count {
          array.append(values[try reference(at: frame.references + element * referenceSize)]!)
        }
        value = .array(array)
      }
      values[frame.object] = value
      expanded[frame.object] = frame.expanded
      heights[frame.object] = frame.height
      states[frame.object] = 2
      if !stack.isEmpty { try account(frame.object, in: &stack) }
    }
    return values[top]!
  }

  /// Adds a built child to the container on top of `stack`: what it expands to, and how deep
  /// it nests there.
  private mutating func account(_ child: Int, in stack: inout [Frame]) throws(ReadProblem) {
    let position = stack.count - 1
    // The child sits at depth stack.count; its containers nest heights[child] deeper.
    guard stack.count + heights[child] <= options.depthLimit else {
      throw ReadProblem(
        path: try path(stack), line: nil, kind: .tooDeep(limit: options.depthLimit))
    }
    stack[position].expanded += expanded[child]
    stack[position].height = max(stack[position].height, heights[child] + 1)
    guard stack[position].expanded <= options.maximumValueCount else {
      throw ReadProblem(
        path: try path(stack), line: nil, kind: .tooManyValues(limit: options.maximumValueCount))
    }
  }

  /// Starts on `object`: a container becomes a frame to walk (`nil` when it is a leaf, which
  /// is built at once).
  private mutating func open(_ object: Int, stack: [Frame]) throws(ReadProblem) -> Frame? {
    let offset = try self.offset(of: object)
    let marker = bytes[offset]
    let kind = marker >> 4
    guard kind == 0xA || kind == 0xD else {
      values[object] = try leaf(at: offset, stack: stack)
      expanded[object] = 1
      heights[object] = -1
      states[object] = 2
      return nil
    }
    guard stack.count <= options.depthLimit else {
      throw ReadProblem(
        path: try path(stack), line: nil, kind: .tooDeep(limit: options.depthLimit))
    }
    let (count, start) = try length(at: offset)
    let isDictionary = kind == 0xD
    let width = referenceSize * (isDictionary ? 2 : 1)
    guard count <= (tableOffset - start) / width else {
      throw failure("a container's references run past the objects")
    }
    states[object] = 1
    return Frame(
      object: object, isDictionary: isDictionary,
      references: isDictionary ? start + count * referenceSize : start, keys: start,
      count: count)
  }

  /// The key path of the child being walked, from the root.
  private mutating func path(_ stack: [Frame]) throws(ReadProblem) -> [PathStep] {
    var steps: [PathStep] = []
    for frame in stack where frame.next > 0 {
      if frame.isDictionary {
        steps.append(.key(try keyString(of: frame, frame.next - 1, stack: [])))
      } else {
        steps.append(.index(frame.next - 1))
      }
    }
    return steps
  }

  /// The key of a dictionary's `element`; a key that is not a string is refused.
  private mutating func keyString(
    of frame: Frame, _ element: Int, stack: [Frame]
  ) throws(ReadProblem) -> String {
    let object = try reference(at: frame.keys + element * referenceSize)
    if values[object] == nil {
      let offset = try self.offset(of: object)
      let kind = bytes[offset] >> 4
      guard kind == 0x5 || kind == 0x6 else {
        throw failure("a dictionary key that is not a string")
      }
      values[object] = try leaf(at: offset, stack: stack)
    }
    guard case .string(let key)? = values[object] else {
      throw failure("a dictionary key that is not a string")
    }
    return key
  }

  // MARK: - Objects

  private mutating func leaf(at offset: Int, stack: [Frame]) throws(ReadProblem) -> PlistValue {
    let marker = bytes[offset]
    let low = Int(marker & 0x0F)
    switch marker >> 4 {
    case 0x0:
      switch marker {
      case 0x08: return .boolean(false)
      case 0x09: return .boolean(true)
      default: throw failure("a null or fill object, which a services file never holds")
      }
    case 0x1:
      guard low <= 4, offset + 1 + (1 << low) <= tableOffset else {
        throw failure("an integer of \(1 << min(low, 8)) bytes")
      }
      let size = 1 << low
      if size < 8 {
        return .integer(.exact(isNegative: false, magnitude: integer(at: offset + 1, size: size)))
      }
      if size == 8 {
        return .integer(PlistInteger(Int64(bitPattern: integer(at: offset + 1, size: 8))))
      }
      let high = integer(at: offset + 1, size: 8)
      let lowWord = integer(at: offset + 9, size: 8)
      if high == 0 { return .integer(.exact(isNegative: false, magnitude: lowWord)) }
      if high == .max, Int64(bitPattern: lowWord) < 0 {
        return .integer(PlistInteger(Int64(bitPattern: lowWord)))
      }
      let wide = Int128(Int64(bitPattern: high)) << 64 | Int128(lowWord)
      return .integer(.outOfRange("\(wide)"))
    case 0x2:
      guard low == 2 || low == 3, offset + 1 + (1 << low) <= tableOffset else {
        throw failure("a real of \(1 << min(low, 8)) bytes")
      }
      let bits = integer(at: offset + 1, size: 1 << low)
      let number = low == 2 ? Double(Float(bitPattern: UInt32(bits))) : Double(bitPattern: bits)
      if !number.isFinite {
        problems.append(
          ReadProblem(path: try path(stack), line: nil, kind: .nonFiniteNumber("\(number)")))
      }
      return .real(number)
    case 0x3:
      guard marker == 0x33, offset + 9 <= tableOffset else { throw failure("a malformed date") }
      let seconds = Double(bitPattern: integer(at: offset + 1, size: 8))
      guard seconds.isFinite else { throw failure("a date that is not a finite number") }
      return .date(Date(timeIntervalSinceReferenceDate: seconds))
    case 0x4:
      let (count, start) = try length(at: offset)
      guard count <= tableOffset - start else { throw failure("data runs past the objects") }
      return .data(Data(UnsafeBufferPointer(rebasing: bytes[start..<(start + count)])))
    case 0x5:
      let (count, start) = try length(at: offset)
      guard count <= tableOffset - start else { throw failure("a string runs past the objects") }
      let text = UnsafeBufferPointer(rebasing: bytes[start..<(start + count)])
      if let byte = text.first(where: { $0 >= 0x80 }) {
        throw ReadProblem(
          path: try path(stack), line: nil,
          kind: .invalidText(
            encoding: "ASCII",
            detail:
              "the byte \(XMLText.hex(byte)) in a binary property list's ASCII string (marker 0x5_)"
          ))
      }
      return .string(String(decoding: text, as: UTF8.self))  // ASCII, checked above
    case 0x6:
      let (count, start) = try length(at: offset)
      guard count <= (tableOffset - start) / 2 else {
        throw failure("a string runs past the objects")
      }
      var units: [UInt16] = []
      units.reserveCapacity(count)
      for unit in 0..<count {
        units.append(UInt16(bytes[start + 2 * unit]) << 8 | UInt16(bytes[start + 2 * unit + 1]))
      }
      guard let text = String(validating: units, as: UTF16.self) else {
        let lone = Self.firstLoneSurrogate(units)
        let digits = String(lone, radix: 16, uppercase: true)
        throw ReadProblem(
          path: try path(stack), line: nil,
          kind: .invalidText(encoding: "UTF-16", detail: "the unit 0x\(digits), a lone surrogate"))
      }
      return .string(text)
    case 0x8:
      throw failure("a UID (a keyed archive's object), which a services file never holds")
    case 0xC:
      throw failure("a set, which a services file never holds")
    default:
      throw failure("an object of unknown type 0x\(String(marker, radix: 16))")
    }
  }

  /// The count in an object's marker (or in the integer that follows it) and where the
  /// object's content starts.
  private func length(at offset: Int) throws(ReadProblem) -> (count: Int, start: Int) {
    let low = Int(bytes[offset] & 0x0F)
    guard low == 0x0F else { return (low, offset + 1) }
    guard offset + 2 <= tableOffset else { throw failure("a malformed length") }
    let marker = bytes[offset + 1]
    let size = 1 << Int(marker & 0x0F)
    guard marker >> 4 == 0x1, size <= 8, offset + 2 + size <= tableOffset else {
      throw failure("a malformed length")
    }
    let count = integer(at: offset + 2, size: size)
    guard count <= UInt64(tableOffset) else { throw failure("a length past the end of the file") }
    return (Int(count), offset + 2 + size)
  }

  private func offset(of object: Int) throws(ReadProblem) -> Int {
    let offset = integer(at: tableOffset + object * offsetSize, size: offsetSize)
    guard offset >= 8, offset < UInt64(tableOffset) else {
      throw failure("an object's offset is out of bounds")
    }
    return Int(offset)
  }

  private func reference(at position: Int) throws(ReadProblem) -> Int {
    let object = integer(at: position, size: referenceSize)
    guard object < UInt64(objectCount) else {
      throw failure("a reference to object \(object) of \(objectCount)")
    }
    return Int(object)
  }

  /// The big-endian unsigned integer of `size` bytes at `position` (callers check bounds).
  private func integer(at position: Int, size: Int) -> UInt64 {
    var value: UInt64 = 0
    for byte in bytes[position..<(position + size)] { value = value << 8 | UInt64(byte) }
    return value
  }

  /// The first surrogate of `units` that is not half of a pair.
  private static func firstLoneSurrogate(_ units: [UInt16]) -> UInt16 {
    var position = 0
    while position < units.count {
      let unit = units[position]
      if UTF16.isLeadSurrogate(unit), position + 1 < units.count,
        UTF16.isTrailSurrogate(units[position + 1])
      {
        position += 2
        continue
      }
      if UTF16.isLeadSurrogate(unit) || UTF16.isTrailSurrogate(unit) { return unit }
      position += 1
    }
    return 0
  }

  private func failure(_ detail: String) -> ReadProblem {
    ReadProblem(path: [], line: nil, kind: .malformed(detail))
  }
}
