import DeepLinkKit
import DeepLinkKitConfiguration

/// A shop whose item route declares its landing page in Swift (`.page(...)`): the core's tests
/// export and read it back, the tool's show it on the site.
public enum ShopPageRoute: Hashable, Sendable {
  case item(id: Int)
  case cart
}

public enum PageTable {
  public static let router = try! LinkRouter<ShopPageRoute>(
    schemes: ["shop"], hosts: ["shop.example.com"],
    routes: [
      .path("/items/:id", ShopPageRoute.item)
        .page(title: "An item", description: "Open it in the app", image: "https://shop.example.com/og.png"),
      .path("/cart", to: .cart),
    ])
}
