import SwipeCore
import SwipeScript

/// A row's configuration as JSON for the page's panel, with the keys a plugin's `configure`
/// returns (`preset`, `enabled`, `open_threshold`, `full_swipe`, ...) in their units (`duration`
/// in seconds, `full_swipe.button` a button's id), the thresholds as the cell uses them.
enum ConfigurationJSON {
    static func write(_ configuration: CellConfiguration, preset: BehaviorPreset, to out: inout OutputBuffer) {
        out.append(literal: "{\"preset\":")
        out.append(jsonString: preset.rawValue)
        if let off = configuration.switchedOff {
            out.append(literal: ",\"switched_off\":")
            out.append(jsonString: PlaygroundText.cut(off))
        }
        out.append(literal: ",\"trailing\":")
        write(configuration.trailing, to: &out)
        out.append(literal: ",\"leading\":")
        write(configuration.leading, to: &out)
        out.append(literal: ",\"bounce\":")
        ServerMessage.appendNumber(configuration.bounce, to: &out)
        out.append(literal: ",\"duration\":")
        ServerMessage.appendNumber(Double(configuration.duration.nanoseconds) / 1e9, to: &out)
        out.append(literal: ",\"curve\":")
        out.append(jsonString: configuration.spring == nil ? configuration.curve.rawValue : "spring")
        if let spring = configuration.spring {
            out.append(literal: ",\"spring\":{\"mass\":")
            ServerMessage.appendNumber(spring.mass, to: &out)
            out.append(literal: ",\"stiffness\":")
            ServerMessage.appendNumber(spring.stiffness, to: &out)
            out.append(literal: ",\"damping\":")
            ServerMessage.appendNumber(spring.damping, to: &out)
            out.append(byte: UInt8(ascii: "}"))
        }
        out.append(literal: ",\"release\":")
        out.append(jsonString: configuration.release.rawValue)
        out.append(literal: ",\"flick_velocity\":")
        ServerMessage.appendNumber(configuration.flickVelocity, to: &out)
        out.append(literal: ",\"overscroll\":")
        if let elasticity = configuration.elasticity {
            ServerMessage.appendNumber(elasticity, to: &out)
        } else {
            out.append(literal: "\"clamp\"")
        }
        if let failure = configuration.failure {
            out.append(literal: ",\"failure\":")
            out.append(jsonString: PlaygroundText.cut(failure))
        }
        out.append(byte: UInt8(ascii: "}"))
    }

    /// An edge: `enabled` (false: it does not swipe, its buttons empty or turned off), then its keys.
    static func write(_ edge: EdgeActions, to out: inout OutputBuffer) {
        out.append(literal: "{\"enabled\":")
        out.append(literal: edge.isEmpty ? "false" : "true")
        out.append(literal: ",\"buttons\":")
        ServerMessage.append(edge.buttons, to: &out)
        guard !edge.isEmpty else {
            out.append(byte: UInt8(ascii: "}"))
            return
        }
        out.append(literal: ",\"open_threshold\":")
        ServerMessage.appendNumber(edge.effectiveOpenThreshold, to: &out)
        out.append(literal: ",\"close_threshold\":")
        ServerMessage.appendNumber(edge.effectiveCloseThreshold, to: &out)
        if let full = edge.fullSwipe {
            out.append(literal: ",\"full_swipe\":{\"button\":")
            if edge.buttons.indices.contains(full.button) {
                out.append(jsonString: edge.buttons[full.button].id)
            } else {
                out.append(literal: "null")
            }
            out.append(literal: ",\"threshold\":")
            ServerMessage.appendNumber(full.threshold, to: &out)
            out.append(literal: ",\"completion\":")
            out.append(jsonString: full.completion.rawValue)
            out.append(byte: UInt8(ascii: "}"))
        }
        if edge.transition != .reveal {
            out.append(literal: ",\"transition\":")
            out.append(jsonString: edge.transition.rawValue)
        }
        out.append(byte: UInt8(ascii: "}"))
    }
}
