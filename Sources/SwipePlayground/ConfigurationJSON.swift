import SwipeCore
import SwipeScript

/// A row's configuration as JSON for the page's panel, with the keys a plugin's `configure`
/// returns (`open_threshold`, `full_swipe`, ...), the thresholds as the cell uses them.
enum ConfigurationJSON {
    static func write(_ configuration: CellConfiguration, to out: inout OutputBuffer) {
        out.append(literal: "{\"trailing\":")
        write(configuration.trailing, to: &out)
        out.append(literal: ",\"leading\":")
        write(configuration.leading, to: &out)
        out.append(literal: ",\"bounce\":")
        ServerMessage.appendNumber(configuration.bounce, to: &out)
        out.append(literal: ",\"duration\":")
        out.append(milliseconds: .start + configuration.duration)
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
            out.append(jsonString: failure)
        }
        out.append(byte: UInt8(ascii: "}"))
    }

    static func write(_ edge: EdgeActions, to out: inout OutputBuffer) {
        out.append(literal: "{\"buttons\":")
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
            out.append(integer: full.button + 1)
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
