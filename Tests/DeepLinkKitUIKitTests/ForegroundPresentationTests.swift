import DeepLinkKit
import Testing

@testable import DeepLinkKitUIKit

/// `LinkNotificationDelegate.willPresent`: nothing changes how a notification is shown unless the
/// app asks, the wrapped delegate gets every call, and the completion handler is called once.
@Suite struct ForegroundPresentationTests {
  /// A stand-in for `UNNotificationPresentationOptions`.
  struct Options: OptionSet, Sendable {
    let rawValue: Int
    static let banner = Options(rawValue: 1)
    static let sound = Options(rawValue: 2)
  }

  final class Record: @unchecked Sendable {
    var answers: [Options] = []
    var wrappedCalls = 0
  }

  private func present(presentation: (([String: String]) -> Options)?, wrapped: Options??) -> Record {
    let record = Record()
    ForegroundPresentation.decide(
      ["type": "chat"], presentation: presentation, none: [],
      forward: { handler in
        guard let answer = wrapped else { return false }  // the wrapped delegate lacks willPresent
        record.wrappedCalls += 1
        if let answer { handler(answer) }  // it answers (or, wrongly, never does)
        return true
      }, completion: { record.answers.append($0) })
    return record
  }

  @Test func withNoDelegateOfItsOwnNothingIsShown() {
    let record = present(presentation: nil, wrapped: .none)
    #expect(record.answers == [[]])
  }

  @Test func theWrappedDelegateDecides() {
    let record = present(presentation: nil, wrapped: .some(.some([.banner])))
    #expect(record.answers == [[.banner]])
    #expect(record.wrappedCalls == 1)
  }

  @Test func theAppsPresentationDecidesAndTheWrappedDelegateIsStillCalled() {
    let record = present(
      presentation: { fields in fields["type"] == "chat" ? [.sound] : [.banner] }, wrapped: .some(.some([.banner])))
    #expect(record.answers == [[.sound]])
    #expect(record.wrappedCalls == 1)
  }

  @Test func theAppsPresentationDecidesWithNoWrappedDelegate() {
    let record = present(presentation: { _ in [.banner, .sound] }, wrapped: .none)
    #expect(record.answers == [[.banner, .sound]])
  }
}
