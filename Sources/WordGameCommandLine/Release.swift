/// The release the tools are, for `--version` (an operator asks it before and after an upgrade). Changed by hand
/// when a release is cut; the protocol's own version (Protocol.md §10) is told beside it.
public enum Release {
    public static let version = "1.0"
}
