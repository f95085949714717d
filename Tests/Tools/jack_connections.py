"""The connections of a test tool's JACK port (midi_send.py, midi_record.py): each port named on
its command line is waited for, connected, and the tool goes on once JACK reports every
connection in place."""
import time

import jack


def connect_all(client, port, others, outgoing, timeout, deadline, stop, fail):
    """Connects `port` to each of `others` (`outgoing`: from `port` to them, else from them to
    `port`), each waited for until `deadline`; then waits until all are connected. Calls
    `fail(1, message)` when a port does not appear, cannot be connected, or `stop` is set."""
    role = "destination" if outgoing else "source"
    for other in others:
        while True:
            try:
                client.get_port_by_name(other)
                break
            except jack.JackError:
                pass
            if stop.is_set() or time.monotonic() > deadline:
                fail(1, "%s port %r did not appear within %g s" % (role, other, timeout))
            time.sleep(0.01)
        try:
            if outgoing:
                client.connect(port, other)
            else:
                client.connect(other, port)
        except jack.JackError as e:
            if other not in [p.name for p in client.get_all_connections(port)]:
                ends = (port.name, other) if outgoing else (other, port.name)
                fail(1, "cannot connect %s to %s: %s" % (ends + (e,)))
    while not all(o in [p.name for p in client.get_all_connections(port)] for o in others):
        if stop.is_set() or time.monotonic() > deadline:
            fail(1, "connections %s %s not in place within %g s" % ("to" if outgoing else "from", others, timeout))
        time.sleep(0.01)
