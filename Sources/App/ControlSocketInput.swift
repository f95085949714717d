import Remote

extension ControlSocket {
    /// Puts `woodshed ctl`'s socket on the loop: each connection is read when it is readable,
    /// each request answered (`ControlRequests`) and the connection closed; `changed` runs
    /// after each request (a status refresh). Control thread.
    func attach(to loop: ControlLoop, target: RemoteTarget, changed: @escaping () -> Void) {
        loop.watch(descriptor) { [unowned self, unowned loop] in
            while let connection = accept() {
                var input: ControlLoop.InputID?
                input = loop.watch(connection.descriptor) { [unowned loop] in
                    guard let packets = connection.read() else {
                        if let input { loop.unwatch(input) }
                        return
                    }
                    guard let packet = packets.first else { return }
                    connection.send(ControlRequests.replies(to: packet, target: target, now: loop.now))
                    if let input { loop.unwatch(input) }
                    changed()
                }
            }
        }
    }
}
