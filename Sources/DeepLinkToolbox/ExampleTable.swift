/// The built-in route table: the example marketplace app of the docs (messages, activity, new
/// listing, requests by number; quick actions "Activity" and "New listing", a Siri shortcut for
/// the activity, a push for a new message) and the tab-bar app's posts and settings sections. Used when a
/// command is given no `--routes FILE`. The README shows this table; a test keeps the two equal,
/// and another checks that it is the export of the same app declared once per route in Swift
/// (`Tests/ExampleRoutes/MarketplaceTable.swift`).
let exampleTableJSON = """
  {
    "schemes": ["deeplink-example"],
    "hosts": ["app.example.com"],
    "routes": [
      { "name": "messages", "path": "/messages" },
      {
        "name": "messageDetails", "path": "/messages/:id",
        "push": { "when": { "type": "message" }, "parameters": { "id": "message_id" } }
      },
      {
        "name": "activity", "path": "/activity",
        "shortcut": "com.example.deeplink.activity", "intent": "ShowActivityIntent"
      },
      { "name": "newListing", "path": "/listings/new", "shortcut": "com.example.deeplink.new-listing" },
      { "name": "request", "path": "/requests/:id(int)" },
      { "name": "post", "path": "/post/:id(int)" },
      { "name": "settings", "path": "/settings" },
      { "name": "settingsSection", "path": "/settings/:section" },
      { "name": "deleteAccount", "path": "/settings/account/delete", "sources": ["inApp"] }
    ]
  }
  """
