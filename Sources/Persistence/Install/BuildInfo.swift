import CBuildInfo

/// What the build fixed: the version (`woodshed --version`) and the install prefix the binary
/// was built for (`make install PREFIX=...`; the Makefile writes both, see
/// `scripts/build-info.sh`). Any thread (constants).
public enum BuildInfo {
    /// "0.1.0+g<hash>" from git, "0.1.0" at its release tag or without git.
    public static let version = String(cString: woodshed_build_version())
    /// "/usr/local" unless built with another `PREFIX`.
    public static let prefix = String(cString: woodshed_build_prefix())
}
