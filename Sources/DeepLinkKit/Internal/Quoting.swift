/// Quotes a piece of input for an error message, shortened so that a hostile link cannot flood
/// a log.
func quoted<Bytes: Collection<UInt8>>(_ bytes: Bytes, limit: Int = 80) -> String {
  let text = String(decoding: bytes.prefix(limit), as: UTF8.self)
  return "\"" + text + (bytes.count > limit ? "…" : "") + "\""
}

func quoted(_ text: String, limit: Int = 80) -> String {
  quoted(text.utf8, limit: limit)
}
