// Loads the Mail plugin, drives a session from Swift, and prints every event as JSON lines.
import SwipeCore
import SwipePlugins
import SwipeScript

let repository = CommandLine.arguments.dropFirst().first ?? "."
do {
    let session = try Session(SessionConfiguration(plugins: [.file(repository + "/plugins/mail.lua")]), sink: nil)

    try session.apply(.panBegin(row: 2, x: 0))
    try session.apply(.panMove(row: 2, x: -120))
    try session.apply(.panEnd(row: 2))  // row 2 opens: on_open would run here
    try session.apply(.wait(.milliseconds(300 as Int64)))  // the bounce settles on the virtual clock
    try session.apply(.tap(row: 2, button: .id("trash")))  // the Trash button's on_tap deletes the row

    var out = OutputBuffer()
    for record in session.records { JSONLinesFormat.write(record, to: &out) }
    JSONLinesFormat.write(TableSnapshot(session.table), to: &out)
    print(String(decoding: out.bytes, as: UTF8.self), terminator: "")
    print("items now start with: \(session.table.items[1]) / \(session.table.items[2])")
} catch {
    print("error: \(error)")
}
