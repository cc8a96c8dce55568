import Foundation
import SwipeTestSupport
import Testing

/// `bench --json`'s output: one JSON object a line, each read as a dictionary.
func figures(_ output: String) throws -> [[String: Any]] {
    try output.split(separator: "\n").map {
        try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
}

/// `swipehost bench` works and reports in its formats; its targets are for release builds and
/// are not asserted here (the machine is shared and noisy).
struct BenchCommandTests {
    @Test func quickJSONHasOneObjectPerFigureWithItsTarget() throws {
        let result = try Swipehost.run([
            "bench", "--quick", "--json", "--only", "core.move_ns", "--only", "table.rss_mb_1m",
        ])
        expectEqual(result.status, 0, "\(result.stderr)")
        let objects = try figures(result.stdout)
        expectEqual(objects.map { $0["name"] as? String }, ["core.move_ns", "table.rss_mb_1m"])
        expectEqual(objects.map { $0["unit"] as? String }, ["ns", "MiB"])
        // A time has no target (it depends on the machine); a size has one.
        expectEqual(objects.map { $0["target"] as? String }, [nil, "<= 64"])
        expectEqual(objects.map { $0["met"] is Bool }, [false, true])
        #expect(objects.allSatisfy { ($0["value"] as? Double).map { $0 > 0 } == true })
        expectEqual(objects.map { $0["n"] as? Int }, [20_000, 10_000])
    }

    /// The playground's frame sizes depend on no clock: their targets hold in any build
    /// (2 KB median, 32 KB at most).
    @Test func theFrameSizesMeetTheirTargets() throws {
        let result = try Swipehost.run([
            "bench", "--quick", "--json", "--only", "serve.frame_bytes_p50", "--only", "serve.frame_bytes_max",
        ])
        expectEqual(result.status, 0, "\(result.stderr)")
        let objects = try figures(result.stdout)
        expectEqual(objects.map { $0["name"] as? String }, ["serve.frame_bytes_p50", "serve.frame_bytes_max"])
        expectEqual(objects.map { $0["target"] as? String }, ["<= 2048", "<= 32768"])
        expectEqual(objects.map { $0["met"] as? Bool }, [true, true], "\(result.stdout)")
    }

    /// `bench --help` says what each figure `--only` accepts measures: every name in the
    /// `--only` list appears in the text above USAGE too.
    @Test func helpExplainsEveryFigure() throws {
        let help = try Swipehost.run(["bench", "--help"])
        expectEqual(help.status, 0, "\(help.stderr)")
        let text = help.stdout.replacingOccurrences(of: "\n", with: " ")
            .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        let overview = try #require(text.components(separatedBy: "USAGE:").first)
        let list = try #require(text.components(separatedBy: "Measure only this figure (repeatable): ").last)
        let names = try #require(list.components(separatedBy: ". ").first).components(separatedBy: ", ")
        expectEqual(names.count, 22, "\(names)")
        #expect(names.first == "core.move_ns" && names.last == "test.coverage_runaway_overhead")
        for name in names {
            #expect(overview.contains(name), "bench --help does not explain \(name)")
        }
    }

    @Test func theTableMemoryProbeReportsABoundedCellCount() throws {
        // The property holds for any size: 20,000 rows keep a debug or sanitizer build quick.
        let result = try Swipehost.run(["bench", "--probe-table-memory", "--probe-rows", "20000"])
        expectEqual(result.status, 0, "\(result.stderr)")
        let fields = result.stdout.split(separator: " ").map {
            String($0).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        expectEqual(fields.count, 3)
        expectEqual(Int(fields[1]).map { $0 <= 13 }, true, "cells: \(fields)")  // a screenful, not a million
        // Every row comes on screen once in a top-to-bottom scroll, and is configured once.
        expectEqual(Int(fields[2]).map { $0 >= 20_000 && $0 <= 20_020 }, true, "configure calls: \(fields)")
    }

    /// `ctx:set_items` on 10,000 items against a plain-Lua diff of the same lists: one
    /// ratio, its target a reference-relative one (docs/performance.md); not asserted met here.
    @Test func theSetItemsFigureIsARatioToItsPlainLuaReference() throws {
        let result = try Swipehost.run(["bench", "--quick", "--json", "--only", "table.set_items_vs_plain_lua"])
        expectEqual(result.status, 0, "\(result.stderr)")
        let objects = try figures(result.stdout)
        expectEqual(objects.map { $0["name"] as? String }, ["table.set_items_vs_plain_lua"])
        expectEqual(objects.map { $0["unit"] as? String }, ["x"])
        expectEqual(objects.map { $0["target"] as? String }, ["<= 5"])
        expectEqual(objects.map { $0["n"] as? Int }, [10_000])
        #expect(objects.allSatisfy { ($0["value"] as? Double).map { $0 > 0 } == true && $0["met"] is Bool })
    }

    /// explore's cost per step over replay's cost per line, on the scripts it generates from
    /// plugins/mail.lua: one ratio, same run; 40 runs of 50 steps under --quick.
    @Test func theExploreFigureIsARatioToReplayingWhatItGenerated() throws {
        let result = try Swipehost.run(["bench", "--quick", "--json", "--only", "explore.vs_replay"])
        expectEqual(result.status, 0, "\(result.stderr)")
        let objects = try figures(result.stdout)
        expectEqual(objects.map { $0["name"] as? String }, ["explore.vs_replay"])
        expectEqual(objects.map { $0["unit"] as? String }, ["x"])
        expectEqual(objects.map { $0["target"] as? String }, ["<= 3"])
        expectEqual(objects.map { $0["n"] as? Int }, [2_000])
        #expect(objects.allSatisfy { ($0["value"] as? Double).map { $0 > 0 } == true && $0["met"] is Bool })
    }

    /// The spring preset's whole-process cost against the tutorial's:
    /// two child `swipehost run` processes of the spring script, one ratio of CPU times.
    @Test func theSpringProcessFigureIsARatioOfTwoWholeRuns() throws {
        let result = try Swipehost.run([
            "bench", "--quick", "--json", "--only", "replay.spring_process_vs_tutorial",
        ])
        expectEqual(result.status, 0, "\(result.stderr)")
        let objects = try figures(result.stdout)
        expectEqual(objects.map { $0["name"] as? String }, ["replay.spring_process_vs_tutorial"])
        expectEqual(objects.map { $0["unit"] as? String }, ["x"])
        expectEqual(objects.map { $0["target"] as? String }, ["<= 1.5"])
        expectEqual(objects.map { $0["n"] as? Int }, [2_000])
        // Both runs do real work: the preset's run is never free, nor many times the tutorial's.
        #expect(objects.allSatisfy { ($0["value"] as? Double).map { $0 > 0.5 && $0 < 20 } == true })
    }

    /// A time depends on the machine and its load: no figure measured in time units has a
    /// target (their targets are the callgrind gate's instruction counts).
    @Test func noTimeHasATarget() throws {
        let times = [
            "core.move_ns", "host.dispatch_ns", "lua.pcall_ns", "replay.lines_per_s", "replay.plain_lua_lines_per_s",
            "startup_ms", "serve.input_us", "serve.input_p99_us", "serve.input_appearance_us",
        ]
        let result = try Swipehost.run(["bench", "--quick", "--json"] + times.flatMap { ["--only", $0] })
        expectEqual(result.status, 0, "\(result.stderr)")
        let objects = try figures(result.stdout)
        expectEqual(Set(objects.compactMap { $0["name"] as? String }), Set(times))
        expectEqual(Set(objects.compactMap { $0["unit"] as? String }), ["ns", "lines/s", "ms", "us"])
        for object in objects {
            #expect(object["target"] == nil && object["met"] == nil, "\(object)")
        }
    }

    @Test func anUnknownFigureIsRefused() throws {
        let result = try Swipehost.run(["bench", "--only", "speed"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("unknown figure 'speed': expected one of core.move_ns, host.dispatch_ns"))
    }
}

/// `test.coverage_overhead` and its reference: both measured in one run,
/// over specs that all pass in the three modes (the bench fails otherwise).
struct CoverageBenchCommandTests {
    @Test func bothCoverageFiguresComeFromOneRun() throws {
        let result = try Swipehost.run([
            "bench", "--quick", "--json", "--only", "test.coverage_overhead", "--only",
            "test.coverage_reference_overhead",
        ])
        expectEqual(result.status, 0, "\(result.stderr)")
        let objects = try figures(result.stdout)
        expectEqual(
            objects.map { $0["name"] as? String }, ["test.coverage_overhead", "test.coverage_reference_overhead"])
        expectEqual(objects.map { $0["unit"] as? String }, ["x", "x"])
        expectEqual(objects.first?["target"] as? String, "<= 1.3")
        // A ratio of two measured times: positive and finite. Not "above 1": a covered run does
        // all an uncovered one does and more, but a quick run's times on a loaded machine (and a
        // debug build, where the host's own code dwarfs the hook) can put the two within noise.
        #expect(objects.allSatisfy { ($0["value"] as? Double).map { $0 > 0 && $0.isFinite } == true })
    }

    /// The runaway-loop test is measured apart, without a target: it makes one line event per
    /// instruction of its budget, a cost no plugin that ends pays.
    @Test func theRunawayLoopIsItsOwnFigure() throws {
        let result = try Swipehost.run(["bench", "--quick", "--json", "--only", "test.coverage_runaway_overhead"])
        expectEqual(result.status, 0, "\(result.stderr)")
        let objects = try figures(result.stdout)
        expectEqual(objects.map { $0["name"] as? String }, ["test.coverage_runaway_overhead"])
        expectEqual(objects.map { $0["unit"] as? String }, ["x"])
        expectEqual(objects.map { $0["target"] as? String }, [nil])
        #expect(objects.allSatisfy { ($0["value"] as? Double).map { $0 > 0 && $0.isFinite } == true })
    }
}
