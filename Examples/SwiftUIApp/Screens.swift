// The screens the guide leaves out: just enough of an app to type-check its wiring.
import SwiftUI

struct ItemList: View {
  var body: some View {
    List(1...100, id: \.self) { id in NavigationLink("Item \(id)", value: ItemsRoute.item(id: id)) }
  }
}

struct ItemDetail: View {
  let route: ItemsRoute
  var body: some View {
    switch route {
    case .item(let id): Text("Item \(id)")
    }
  }
}
