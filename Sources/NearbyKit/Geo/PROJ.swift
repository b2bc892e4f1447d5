import CProj
import Foundation

/// PROJ's functions, from libproj opened the first time one is needed (see
/// `CProj.h` for why not at start).
public enum PROJ {
    public static let functions: nearby_proj = {
        guard let loaded = nearby_proj_load() else {
            // Without PROJ nothing can be measured or projected; say so as the
            // dynamic loader would have, in one line, with sysexits' 69.
            let reason = String(cString: nearby_proj_failure())
            FileHandle.standardError.write(Data("nearby: cannot load PROJ (\(reason)); install it: apt-get install libproj25\n".utf8))
            exit(69)
        }
        return loaded.pointee
    }()
}
