// The `deeplink` tool: its commands live in DeepLinkToolbox, which its tests and fuzzers reach too.
import DeepLinkToolbox

DeepLinkTool.main()
