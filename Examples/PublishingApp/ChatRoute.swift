// The router of Examples/PublishingApp, linked into DeepLinkKitUIKitTests
// (NotificationCategoryTests): a conversation opened by its link, a quick action and a
// notification tap, and a reply typed in the notification, which runs in the background.
import DeepLinkKit

enum ChatRoute: Hashable, Sendable {
  case conversation(id: Int)
  case reply(id: Int, replyText: String?)
}

let chatRouter = try! LinkRouter<ChatRoute>(
  schemes: ["chat"], hosts: ["chat.example.com"],
  routes: [
    .path("/conversations/:id", ChatRoute.conversation).shortcut("com.example.chat.conversation")
      .push(when: ["type": "message"], parameters: ["id": "conversation_id"], category: "MESSAGE"),
    .path("/conversations/:id/reply?replyText?", ChatRoute.reply)
      .push(
        when: ["type": "message"], parameters: ["id": "conversation_id"], action: "REPLY", runsInBackground: true,
        category: "MESSAGE"),
  ])
