import DeepLinkKit

/// The example marketplace app of the docs and `deeplink demo`, declared once per route in Swift:
/// the tool's built-in JSON table is this router's export (`ExportedTableTests` checks it).
public enum MarketplaceRoute: Hashable, Sendable {
  case messages
  case messageDetails(id: String)
  case activity
  case newListing
  case request(id: Int)
  case post(id: Int)
  case settings
  case settingsSection(String)
  case deleteAccount

  public static func router() throws -> LinkRouter<MarketplaceRoute> {
    try LinkRouter(
      schemes: ["deeplink-example"], hosts: ["app.example.com"],
      routes: [
        .path("/messages", to: .messages),
        .path("/messages/:id", MarketplaceRoute.messageDetails)
          .push(when: ["type": "message"], parameters: ["id": "message_id"]),
        .path("/activity", to: .activity).shortcut("com.example.deeplink.activity").intent("ShowActivityIntent"),
        .path("/listings/new", to: .newListing).shortcut("com.example.deeplink.new-listing"),
        .path("/requests/:id", MarketplaceRoute.request),
        .path("/post/:id", MarketplaceRoute.post),
        .path("/settings", to: .settings),
        .path("/settings/:section", MarketplaceRoute.settingsSection),
        .path("/settings/account/delete", to: .deleteAccount, sources: [.inApp]),
      ])
  }
}
