import Remote

extension ControlSocket {
    /// How long after an action its state is read back: the player's worker takes a section
    /// change or a speed within a few cycles, and `ctl` prints the state it led to.
    static let settleSeconds = 0.1

    /// Puts `woodshed ctl`'s socket on the loop: each connection is read when it is readable,
    /// its request handled (`ControlRequests`), the state sent back (after `settleSeconds` for
    /// an action) and the connection closed; `changed` runs after each action (a status
    /// refresh). Control thread.
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
                    if let input { loop.unwatch(input) }
                    switch ControlRequests.handle(packet, target: target, now: loop.now) {
                    case .refused(let reply): connection.send([reply])
                    case .state: connection.send([target.remoteState(now: loop.now).message])
                    case .performed:
                        changed()
                        loop.after(Self.settleSeconds) { [unowned loop] in connection.send([target.remoteState(now: loop.now).message]) }
                    }
                }
            }
        }
    }
}
