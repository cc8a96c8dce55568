// Loads the Mail plugin, drives the table from Swift, and prints every event as JSON lines.
import SwipeCore
import SwipePlugins
import SwipeScript

let repository = CommandLine.arguments.dropFirst().first ?? "."
do {
    let mail = try Plugin(path: repository + "/plugins/mail.lua")
    let host = try PluginHost(plugins: [mail])
    let table = host.table

    try table.panBegan(row: 2)
    try table.panChanged(row: 2, translation: -120)
    try table.panEnded(row: 2)                      // row 2 opens: on_open would run here
    table.advance(by: .milliseconds(300 as Int64))  // the bounce settles on the virtual clock
    try table.tap(row: 2, buttonID: "trash")        // the Trash button's on_tap deletes the row

    var out = OutputBuffer()
    for record in host.recorder.records { JSONLinesFormat.write(record, to: &out) }
    JSONLinesFormat.write(TableSnapshot(table), to: &out)
    print(String(decoding: out.bytes, as: UTF8.self), terminator: "")
    print("items now start with: \(table.items[1]) / \(table.items[2])")
} catch {
    print("error: \(error)")
}
