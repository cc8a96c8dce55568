import SwipeCore

/// The times the plot samples at: multiples of ``RenderOptions/sampleStep`` from the start.
enum SampleGrid {
    static func next(after instant: VirtualInstant) -> VirtualInstant {
        let step = RenderOptions.sampleStep.nanoseconds
        let (quotient, _) = instant.nanoseconds.quotientAndRemainder(dividingBy: step)
        return instant + TimeAmount(nanoseconds: (quotient + 1) * step - instant.nanoseconds)
    }
}
