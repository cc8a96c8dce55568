import ArgumentParser
import Glibc
import SwipeCommandLine
import SwipeCore
import SwipePlugins
import SwipeRender
import SwipeScript

extension SwipeHostCommand {
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Run a gesture script headless and draw it as an SVG: a filmstrip of the table and a plot of the offsets.",
            discussion: """
                Runs SCRIPT as 'swipehost run' does (the same plugins, '# plugin:' and '# options:' header \
                lines, --preset, --direction and table options) and draws one SVG picture.

                The filmstrip: the visible table at chosen virtual times, each frame drawn \
                as the playground page draws it: the rows with their items; each row's \
                leading and trailing buttons with the plugin's titles, widths and colours \
                (destructive ones red); a full swipe's button filling what it reveals; the \
                content slid by where it is drawn at that time. A caption gives the frame's \
                number, its time and its events.

                The plot, under it: for each row that moved, its presented offset over \
                time, sampled every 2 ms while it moves (the bounce, the spring), with its \
                thresholds as dashed lines (where each edge rests open, where a release \
                opens it, the full-swipe threshold where there is one), its events marked \
                and labelled, and the frames' times as numbered ticks.

                Frames (one of):
                  --events          after each step that made events (the default)
                  --every MS        at 0, MS, 2 x MS, ... up to the script's end
                  --at T1,T2,...    at these times in ms, none past the script's end

                A frame at a time when commands run shows the table after them. The same \
                script and options always give the same bytes.

                The whole script is run before anything is written: a script error prints \
                'FILE:LINE: message' on stderr, exits with status 2 and writes no file (the \
                picture goes to a temporary file beside OUT, renamed at the end; a FIFO or a \
                device is written through, and a write that fails is status 1). Limits: \
                200 frames, 10,000 rows drawn over all frames, 1,000,000 row samples \
                (docs/limits.md). More in docs/render.md.

                Examples:
                  swipehost render examples/mail.swipe -o mail.svg
                  swipehost render examples/mail_preset.swipe --preset mail --every 50 -o -
                """
        )

        @Argument(help: "The gesture script to draw ('-' reads standard input).")
        var script: String

        @Option(
            name: [.short, .customLong("output")],
            help: ArgumentHelp("Where to write the SVG ('-' = standard output).", valueName: "OUT.svg"))
        var output: String

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "A frame every MS milliseconds of virtual time, from 0 to the script's end.", valueName: "MS"))
        var every: Double?

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "Frames at these virtual times, in milliseconds, separated by commas.", valueName: "T1,T2,..."))
        var at: String?

        @Flag(help: "A frame after each step that made delegate calls or plugin events (the default).")
        var events = false

        @Option(parsing: .unconditional, help: "Frames side by side before the filmstrip wraps (1 to 12).")
        var columns: Int = 4

        @OptionGroup var options: ConfigurationOptions

        func validate() throws {
            let chosen = [every != nil, at != nil, events].filter { $0 }.count
            guard chosen <= 1 else { throw ValidationError("choose one of --events, --every and --at") }
            guard (1...RenderOptions.maximumColumns).contains(columns) else {
                throw ValidationError("--columns must be from 1 to \(RenderOptions.maximumColumns), got \(columns)")
            }
            _ = try frames()
        }

        func frames() throws -> FrameSelection {
            if let every {
                guard let step = TimeAmount.milliseconds(checked: every), step > .zero else {
                    throw ValidationError(
                        "--every must be a number of milliseconds > 0, got \(NumberText.describe(every))")
                }
                return .every(step)
            }
            if let at {
                var times: [VirtualInstant] = []
                for word in at.split(separator: ",", omittingEmptySubsequences: false) {
                    let text = word.trimmingCharacters(in: " ")
                    guard let value = Double(text), let time = TimeAmount.milliseconds(checked: value) else {
                        throw ValidationError(
                            "--at must be times in milliseconds (0 or more) separated by commas, like 0,150,300; got '\(DisplayText.token(String(text)))'"
                        )
                    }
                    times.append(.start + time)
                }
                guard times.count <= RenderOptions.maximumFrames else {
                    throw ValidationError(
                        "--at names \(times.count) times, at most \(RenderOptions.maximumFrames) frames")
                }
                return .at(Array(Set(times)).sorted())
            }
            return .events
        }

        func run() throws {
            let source = try ScriptSource.read(script)
            let reparsed: Render?
            do {
                reparsed = try HeaderOptions.reparse(Render.self, source: source, subcommand: "render")
            } catch {
                StandardStreams.writeError(error.description + "\n")
                throw ExitCode(2)
            }
            try (reparsed ?? self).render(source)
        }

        /// Renders `source` with these options (the header's already applied).
        func render(_ source: ScriptSource) throws {
            var configuration = options.configuration()
            if configuration.plugins.isEmpty {
                do {
                    configuration.plugins = try Run.headerPlugins(of: source, path: script).map(PluginSource.file)
                } catch {
                    StandardStreams.writeError(error.description + "\n")
                    throw ExitCode(2)
                }
            }
            // The session `swipehost run` would drive with the same options.
            let session = PluginRun(fileName: source.name, configuration: configuration).sessionConfiguration
            let render = RenderRun(session: session, options: RenderOptions(frames: try frames(), columns: columns))
            let svg: String
            do {
                svg = try source.withBytes { (buffer) throws(RenderFailure) in
                    try render.render(script: buffer)
                }
            } catch {
                StandardStreams.writeError(DisplayText.escaped(error.description, keeping: [.tabs, .newlines]) + "\n")
                throw ExitCode(error.exitStatus)
            }
            if output == "-" {
                StandardStreams.write(svg)
            } else if let problem = OutputFile.replace(output, with: svg) {
                StandardStreams.writeError("swipehost: cannot write '\(DisplayText.escaped(output))': \(problem)\n")
                throw ExitCode(1)
            }
        }
    }
}

extension Substring {
    func trimmingCharacters(in character: Character) -> Substring {
        var text = self
        while text.first == character { text = text.dropFirst() }
        while text.last == character { text = text.dropLast() }
        return text
    }
}
