import LuaRuntime
import SwipeCore
import SwipeScript

/// `swipehost check`: loads each plugin (its `items` function runs then), runs its `setup` as
/// `swipehost run` does, validates it, and asks its `configure` for rows 1...N (N at most the
/// number of the plugin's own items, when it has some). N is the number of the configuration's
/// items; its width and plugin limits are the run's. Its plugins are not read: each checked
/// plugin is loaded alone.
public struct PluginChecker {
    public var configuration: SessionConfiguration

    public init(configuration: SessionConfiguration = .defaults) {
        self.configuration = configuration
    }

    public struct Report {
        public var path: String
        /// Errors and warnings, in the order found; warnings repeated on many rows appear once.
        public var problems: [PluginProblem]
        /// Rows the plugin configured (the others it left to the next plugin).
        public var configuredRows: Int
        /// Rows asked: `rows`, or fewer when the plugin's own items are fewer.
        public var checkedRows: Int
        public var loaded: Bool
        /// Rows the plugin configured to not swipe (`configure` returned `false`, or no edge
        /// has buttons: each given as an empty list or turned off with `enabled = false`), in
        /// increasing order, as ranges of consecutive rows.
        public var rowsNotSwiping: [ClosedRange<Int>] = []

        /// How many rows ``rowsNotSwiping`` holds.
        public var notSwipingCount: Int { rowsNotSwiping.reduce(0) { $0 + $1.count } }

        /// `3 rows do not swipe: 2, 5-6` (at most ``PluginHost/repeatedRangeLimit`` ranges, then
        /// `and N more`), or nil when every configured row swipes.
        public var notSwipingSummary: String? {
            let count = notSwipingCount
            guard count > 0 else { return nil }
            let shown = rowsNotSwiping.prefix(PluginHost.repeatedRangeLimit)
            var ranges = shown.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }
                .joined(separator: ", ")
            let listed = shown.reduce(0) { $0 + $1.count }
            if count > listed { ranges += " and \(count - listed) more" }
            return "\(count == 1 ? "1 row does" : "\(count) rows do") not swipe: \(ranges)"
        }

        public var errorCount: Int { problems.filter { $0.severity == .error }.count }
    }

    public func check(_ path: String) -> Report {
        let plugin: Plugin
        do {
            plugin = try Plugin(path: path, options: configuration.pluginOptions)
        } catch {
            return Report(path: path, problems: [error], configuredRows: 0, checkedRows: 0, loaded: false)
        }
        var problems = plugin.warnings
        let rows = configuration.items.count
        let items = plugin.tableItems ?? configuration.items
        if plugin.hasSetup {
            // `setup` runs in a host, as in a run; its failure is an error of the check.
            var hosted = configuration
            hosted.items = items
            if let host = try? PluginHost(plugins: [plugin], configuration: hosted, setupOnly: true) {
                for record in host.recorder.records {
                    guard case .pluginError(let error) = record.event, error.hook == Hook.setup.rawValue else {
                        continue
                    }
                    problems.append(PluginProblem(file: plugin.file, field: "setup", message: error.message))
                }
            }
        }
        var seenWarnings: Set<String> = []
        // A row's errors seen on an earlier row are gathered into one summary, as `run` does.
        var repeated: [PluginHost.RepeatedFailure] = []
        func rowFailed(_ row: Int, _ errors: [PluginProblem]) {
            let key = errors.map { problem in
                var problem = problem; problem.row = nil; return problem.description
            }.joined(separator: "; ")
            if let position = repeated.firstIndex(where: { $0.key == key }) {
                repeated[position].add(row)
                return
            }
            repeated.append(PluginHost.RepeatedFailure(key: key, plugin: 0, firstRow: row, kind: .invalid))
            problems += errors
        }
        // Lua keeps no line for a table constructor: a button's problems name configure's line
        // unless a misspelled key of the button is found in configure's text (`buttonLines`).
        let source = try? FileReading.bytes(atPath: path)
        let configureLines = plugin.configure.flatMap { plugin.lua.definitionLines(of: $0) }
        var configured = 0
        var notSwiping: [ClosedRange<Int>] = []
        let checked = min(rows, items.count)
        if let configure = plugin.configure {
            for row in 1...max(1, min(rows, items.count)) where row <= items.count {
                let value: LuaValue
                do {
                    value =
                        try plugin.lua.call(
                            configure,
                            arguments: [
                                PluginHost.rowValue(
                                    row, items[row], id: items.id(row: row), value: items.value(row: row))
                            ]
                        ).first ?? .nil
                } catch {
                    rowFailed(
                        row,
                        [
                            PluginProblem(
                                file: plugin.file, row: row, field: "configure", message: Plugin.positioned(error))
                        ])
                    continue
                }
                if value.isNil { continue }
                var read = ConfigurationReader(
                    file: plugin.file, row: row, cellWidth: configuration.geometry.width, line: plugin.configureLine,
                    hasOnAction: plugin.onAction != nil
                ).read(value)
                if let source, let configureLines {
                    let lines = Self.buttonLines(read.warnings, source: source, within: configureLines)
                    read.warnings = read.warnings.map { Self.located($0, lines) }
                    read.errors = read.errors.map { Self.located($0, lines) }
                }
                // The warnings first: an unknown key is often the cause of an error of the same
                // row (`titel` for `title` leaves `title` missing), and is read before it.
                var warnings = read.warnings
                if let configuration = read.configuration { warnings += Self.unlabelled(configuration, plugin, row) }
                for warning in warnings
                where seenWarnings.insert("\(warning.field ?? "")\u{0}\(warning.message)").inserted {
                    problems.append(warning)
                }
                if !read.errors.isEmpty { rowFailed(row, read.errors) }
                // A row whose configuration is refused gets no buttons: it is not configured.
                if let configuration = read.configuration {
                    configured += 1
                    if !configuration.hasButtons {
                        if let last = notSwiping.last, last.upperBound + 1 == row {
                            notSwiping[notSwiping.count - 1] = last.lowerBound...row
                        } else {
                            notSwiping.append(row...row)
                        }
                    }
                }
            }
            for failure in repeated where failure.count > 0 {
                problems.append(PluginProblem(file: plugin.file, message: failure.summary))
            }
        } else {
            problems.append(
                PluginProblem(
                    .warning, file: plugin.file, field: "configure", message: "missing: the plugin configures no row"))
        }
        return Report(
            path: path, problems: problems, configuredRows: configured, checkedRows: checked, loaded: true,
            rowsNotSwiping: notSwiping)
    }

    /// The line of each button (`buttons[1]`, `leading.buttons[2]`) that one of its own unknown
    /// keys (in `warnings`) is written on, as `KEY =` on exactly one line of configure's
    /// (`lines`) in `source`: the one place the button's table constructor can be found.
    static func buttonLines(_ warnings: [PluginProblem], source: [UInt8], within lines: ClosedRange<Int>)
        -> [String: Int]
    {
        var found: [String: Int] = [:]
        for warning in warnings where warning.message.hasPrefix("unknown key") {
            guard let field = warning.field, let button = button(of: field), found[button] == nil else { continue }
            let key = field.dropFirst(button.count + 1)
            guard !key.contains("."), !key.contains("[") else { continue }
            let at = LuaSourceScan.fieldLines(of: String(key), in: source, within: lines)
            if at.count == 1 { found[button] = at[0] }
        }
        return found
    }

    /// The button a field belongs to: `buttons[1]` of `buttons[1].titel`, `leading.buttons[2]`
    /// of `leading.buttons[2].icon.path`; nil for a field of no button.
    static func button(of field: String) -> String? {
        guard let start = field.firstRange(of: "buttons["), let end = field[start.upperBound...].firstIndex(of: "]")
        else { return nil }
        let button = field[...end]
        return button.count < field.count && field[field.index(after: end)] == "." ? String(button) : nil
    }

    /// `problem` at its button's line in `lines`, when its field is of a button found there.
    static func located(_ problem: PluginProblem, _ lines: [String: Int]) -> PluginProblem {
        guard let field = problem.field, let button = button(of: field), let line = lines[button] else {
            return problem
        }
        var problem = problem
        problem.line = line
        return problem
    }

    /// A warning for each button of `configuration` with neither a title nor an
    /// `accessibility_label`: its accessibility action (VoiceOver's "Actions available") would
    /// be read out by its id.
    static func unlabelled(_ configuration: CellConfiguration, _ plugin: Plugin, _ row: Int) -> [PluginProblem] {
        var found: [PluginProblem] = []
        for edge in [Edge.trailing, .leading] {
            for (index, button) in configuration[edge].buttons.enumerated()
            where button.title.isEmpty && (button.accessibilityLabel ?? "").isEmpty {
                let prefix = edge == .leading ? "leading." : configuration.namesSides ? "trailing." : ""
                found.append(
                    PluginProblem(
                        .warning, file: plugin.file, line: plugin.configureLine, row: row,
                        field: "\(prefix)buttons[\(index + 1)]",
                        message:
                            "has neither a title nor an accessibility_label: a screen reader would offer its action as '\(DisplayText.token(button.id))' (its id)"
                    ))
            }
        }
        return found
    }
}
