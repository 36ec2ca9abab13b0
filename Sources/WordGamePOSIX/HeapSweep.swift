import CSystem

/// glibc's malloc keeps chunks it is given back unsorted, and sorts all of
/// them (up to 10,000 a request) on the next request it cannot serve from a
/// cache of that size. A broadcast to 10,000 players gives back 10,000
/// output buffers; left alone, sorting them made the next allocation of that
/// kind (the next pair's close, before its first byte left) wait.
/// Sweeping right after a big flush pays that when no one waits on it.
public enum HeapSweep {
    /// Connections flushed in one turn past which the turn ends with a sweep.
    public static let afterFlushing = 1_000

    public static func now() { csystem_sweep_heap() }
}
