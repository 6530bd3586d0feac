/// The built-in route table: the example marketplace app of the docs (messages, activity, new
/// listing, requests by number) and the tab-bar app's posts and settings sections. Used when a
/// command is given no `--routes FILE`. The README shows this table; a test keeps the two equal.
let exampleTableJSON = """
  {
    "schemes": ["deeplink-example"],
    "hosts": ["app.example.com"],
    "routes": [
      { "name": "messages", "path": "/messages" },
      { "name": "messageDetails", "path": "/messages/:id" },
      { "name": "activity", "path": "/activity" },
      { "name": "newListing", "path": "/listings/new" },
      { "name": "request", "path": "/requests/:id(int)" },
      { "name": "post", "path": "/post/:id(int)" },
      { "name": "settings", "path": "/settings" },
      { "name": "settingsSection", "path": "/settings/:section" },
      { "name": "deleteAccount", "path": "/settings/account/delete", "sources": ["inApp"] }
    ]
  }
  """
