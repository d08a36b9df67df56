/// W8's value built from run-time arguments: a ticket for a seat in a row, with the engine.
///
/// W11 maps it under many names as a singleton, which an injector keeps only for `Sendable`
/// values.
final class Ticket: Sendable {
  let row: Int
  let seat: String
  let engine: any Engine

  init(row: Int, seat: String, engine: any Engine) {
    self.row = row
    self.seat = seat
    self.engine = engine
  }
}
