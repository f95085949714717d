/// What the session asks of the transport in follow/master mode (start, stop). Implemented by
/// the JACK backend. Control thread.
public protocol TransportRequests: AnyObject {
    func requestStart()
    func requestStop()
}
