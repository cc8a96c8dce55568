import Glibc
import LuaRuntime
import SwipeScript
import SwipeTesting

/// `test.coverage_overhead` and `test.coverage_reference_overhead`: what `--coverage` costs a
/// spec run, and what the luacov-style reference costs on the same states;
/// `test.coverage_runaway_overhead`: what it costs the one test that runs a runaway loop.
extension Benchmarks {
    /// Lines of the generated plugin the overhead's spec drives.
    static let generatedPluginLines = 5_000

    /// The tag of the shipped tests that run a plugin's runaway loop to its instruction budget
    /// (spec/plugin_errors_spec.lua's `while true do end`). Such a test makes one line event per
    /// instruction of the budget, a cost no plugin that ends pays, and it made nine in ten of the
    /// line events of the whole workload: it is measured apart, as its own figure.
    static let runawayTag = "runaway"

    /// The shipped specs (`spec/` under the root, less the tests tagged `#runaway`) and a spec
    /// driving a generated 5,000-line plugin, run in this process three ways in each repetition:
    /// without coverage, with `--coverage`'s C counter, and with the reference
    /// (`Lua/coverage_reference.lua`, a Lua function on each line event, as luacov counts). Each
    /// figure is the median of the repetitions' ratios of a covered run's time (this thread's CPU
    /// time) to the uncovered run's. The `#runaway` tests alone, run without and with
    /// `--coverage` in the same repetitions, give `test.coverage_runaway_overhead`, printed
    /// without a target. Every test must pass in every run (a failing run would measure
    /// something else), and each workload must run at least one test.
    func coverageOverhead(covered: Bool, reference: Bool, runaway: Bool = false) throws -> [Figure] {
        let folder = try temporaryFolder()
        defer {
            for name in ["generated.lua", "generated_spec.lua"] { unlink(folder + "/" + name) }
            rmdir(folder)
        }
        let plugin = folder + "/generated.lua"
        try writeFile(Self.generatedPlugin(lines: Self.generatedPluginLines), to: plugin)
        try writeFile(Self.generatedSpec(plugin: plugin, tests: quick ? 2 : 6), to: folder + "/generated_spec.lua")
        // The shipped specs name their plugins from the repository root.
        let previous = FileReading.absolutePath(".")
        guard chdir(root) == 0 else { throw BenchError(message: "test.coverage_overhead: cannot enter \(root)") }
        defer { _ = chdir(previous) }
        let files = try SpecDiscovery.files(in: ["spec", folder])
        let shipped = try SpecDiscovery.files(in: ["spec"])
        let referenceCode = String(decoding: PackageResources.coverage_reference_lua, as: UTF8.self)

        func time(_ coverage: LuaCoverage?, runawayOnly: Bool = false) throws -> Double {
            var options = SpecRunOptions()
            options.coverage = coverage
            if runawayOnly { options.tags = [Self.runawayTag] } else { options.excludeTags = [Self.runawayTag] }
            let runner = SpecRunner(options: options)
            var failed: [String] = []
            var ran = 0
            let elapsed = Self.threadCPUTime {
                for file in runawayOnly ? shipped : files {
                    for result in runner.run(file: file).results {
                        ran += 1
                        if result.status == .failed {
                            failed.append("\(result.file):\(result.line): \(result.name): \(result.message)")
                        }
                    }
                }
            }
            let name = runawayOnly ? "test.coverage_runaway_overhead" : "test.coverage_overhead"
            if let first = failed.first {
                throw BenchError(message: "\(name): \(failed.count) test(s) failed, first \(first)")
            }
            guard ran > 0 else {
                throw BenchError(message: "\(name): no test ran (is a spec in spec/ tagged #\(Self.runawayTag)?)")
            }
            return elapsed
        }
        var coveredRatios: [Double] = []
        var referenceRatios: [Double] = []
        var runawayRatios: [Double] = []
        _ = try time(nil)  // warm the page cache and the allocator
        for _ in 0..<repetitions {
            if covered || reference {
                let plain = try time(nil)
                if covered { coveredRatios.append(try time(LuaCoverage()) / plain) }
                if reference { referenceRatios.append(try time(LuaCoverage(mode: .reference(referenceCode))) / plain) }
            }
            if runaway {
                let plain = try time(nil, runawayOnly: true)
                runawayRatios.append(try time(LuaCoverage(), runawayOnly: true) / plain)
            }
        }
        let runs = files.count
        var figures: [Figure] = []
        if covered {
            figures.append(
                Figure(
                    name: "test.coverage_overhead", value: median(coveredRatios), unit: "x", n: runs,
                    target: (.atMost, 1.3)))
        }
        if reference {
            figures.append(
                Figure(
                    name: "test.coverage_reference_overhead", value: median(referenceRatios), unit: "x", n: runs,
                    target: nil))
        }
        if runaway {
            figures.append(
                Figure(
                    name: "test.coverage_runaway_overhead", value: median(runawayRatios), unit: "x", n: 1,
                    target: nil))
        }
        return figures
    }

    /// A plugin of exactly `lines` lines: small functions with a branch each, all called by
    /// `configure` (so every visible row runs each of them).
    static func generatedPlugin(lines: Int) -> String {
        let header = [
            "-- Generated by swipehost bench for test.coverage_overhead.",
            "local steps = {}",
            "local total = 0",
        ]
        let footer = [
            "return {",
            "  name = \"generated\",",
            "  configure = function(row)",
            "    for i = 1, #steps do steps[i](row.index) end",
            "    return { buttons = { { id = \"one\", title = \"One\", width = 80 } } }",
            "  end,",
            "}",
        ]
        var body: [String] = []
        var index = 1
        while header.count + body.count + 8 + footer.count <= lines {
            body += [
                "steps[\(index)] = function(x)",
                "  if (x + \(index)) % 2 == 0 then",
                "    total = total + x",
                "  else",
                "    total = total - x",
                "  end",
                "  return total",
                "end",
            ]
            index += 1
        }
        while header.count + body.count + footer.count < lines { body.append("total = total + 1") }
        return (header + body + footer).joined(separator: "\n") + "\n"
    }

    /// A spec of `tests` tests, each a table over `plugin` with a swipe, a tap and a scroll.
    static func generatedSpec(plugin: String, tests: Int) -> String {
        """
        -- Generated by swipehost bench for test.coverage_overhead.
        local swipe = require("swipe")

        describe("a generated plugin", function()
          for n = 1, \(tests) do
            it("configures its rows " .. n, function()
              local t = swipe.table { plugins = { "\(plugin)" } }
              t:swipe(3, -100)
              t:wait(300)
              assert.are.equal("one", t:cell(3).buttons[1].id)
              t:scroll(200)
              t:wait(300)
            end)
          end
        end)

        """
    }

    /// Nanoseconds of this thread's CPU time `body` takes: the specs run on this thread, and a
    /// ratio of CPU times stays put on a loaded machine where wall times do not.
    static func threadCPUTime(_ body: () -> Void) -> Double {
        func now() -> Double {
            var spec = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
            return Double(spec.tv_sec) * 1e9 + Double(spec.tv_nsec)
        }
        let start = now()
        body()
        return now() - start
    }

    func temporaryFolder() throws -> String {
        var template = Array("/tmp/swipehost-bench-XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { throw BenchError(message: "cannot create a temporary folder") }
        return FileReading.string(template)
    }

    func writeFile(_ text: String, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_TRUNC | O_CREAT, 0o600)
        guard descriptor >= 0 else { throw BenchError(message: "cannot write \(path)") }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw BenchError(message: "cannot write \(path)") }
    }
}
