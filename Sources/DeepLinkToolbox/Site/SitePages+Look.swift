/// How the landing pages look: the app's header and the stylesheet, the default or a team's.
extension SitePages {
  /// The app's icon and name above a page's title.
  var appHeader: String {
    let icon =
      options.icon == nil ? "" : "<img class=\"dlk-icon\" src=\"/_dlk/icon.png\" alt=\"\" width=\"72\" height=\"72\">"
    return "<header class=\"dlk-app\">\(icon)<span>\(Self.html(options.name))</span></header>"
  }

  /// The pages' look: the team's stylesheet, or the default, inline (nothing is fetched).
  var styleElement: String { "<style>\n\(options.stylesheet ?? Self.defaultStyle)</style>" }

  /// The default look: an app's own page, phone width first, the system font, one clear
  /// primary button, the store badges, light and dark.
  static let defaultStyle = """
    :root { color-scheme: light dark; --dlk-accent: #007aff; --dlk-page: #f2f2f7; --dlk-card: #fff;
      --dlk-text: #1c1c1e; --dlk-muted: #6c6c70; }
    @media (prefers-color-scheme: dark) {
      :root { --dlk-accent: #0a84ff; --dlk-page: #000; --dlk-card: #1c1c1e; --dlk-text: #f2f2f7;
        --dlk-muted: #a1a1a6; }
    }
    * { box-sizing: border-box; }
    body { margin: 0; background: var(--dlk-page); color: var(--dlk-text);
      font: 17px/1.45 -apple-system, BlinkMacSystemFont, system-ui, "Segoe UI", Roboto, sans-serif; }
    main { max-width: 28rem; margin: 0 auto; padding: 40px 20px; text-align: center; }
    .dlk-app { display: flex; flex-direction: column; align-items: center; gap: 8px; margin-bottom: 24px;
      font-weight: 600; }
    .dlk-icon { width: 72px; height: 72px; border-radius: 16px; }
    h1 { font-size: 28px; line-height: 1.2; margin: 0 0 12px; }
    p { margin: 0 0 16px; color: var(--dlk-muted); }
    #dlk-get, #dlk-open-app { display: block; width: 100%; padding: 14px 20px; border: 0; border-radius: 14px;
      background: var(--dlk-accent); color: #fff; font: inherit; font-weight: 600; text-decoration: none;
      cursor: pointer; }
    #dlk-in-app { margin: 0 0 16px; padding: 16px; border-radius: 14px; background: var(--dlk-card); }
    #dlk-link { font-size: 13px; word-break: break-all; }
    .dlk-stores a { display: inline-block; margin: 4px; padding: 8px 16px; border-radius: 10px;
      background: var(--dlk-text); color: var(--dlk-page); font-size: 15px; text-decoration: none; }

    """
}
