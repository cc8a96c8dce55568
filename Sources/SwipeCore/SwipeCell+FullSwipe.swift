/// A full swipe: the button that fills the revealed width, a pan expanding and collapsing it,
/// a `manual` one holding the row until it is fulfilled, and a `delete` sliding the content out.
extension SwipeCell {
    /// The button that fills the revealed width: an edge's full-swipe button while a pan holds
    /// the edge expanded (past its threshold), while a `manual` full swipe waits to be
    /// fulfilled, and while a full swipe's `delete` slides the content out, until the row is
    /// gone (UIKit's and SwipeCellKit's expanded action keeps filling the row).
    public var filledButton: SwipeButton? {
        guard let filled else { return nil }
        return configuration[filled.edge].buttons[filled.index]
    }

    /// The index (0-based) of ``filledButton`` on its edge (the edge the content uncovers).
    public var filledButtonIndex: Int? { filled?.index }

    var filled: (edge: Edge, index: Int)? {
        guard let edge = pan?.expanded ?? (isWaiting || isSlidingOut ? self.edge : nil),
            let full = configuration.fullSwipe(on: edge),
            full.button >= 0, full.button < configuration.buttonCount(on: edge)
        else { return nil }
        return (edge, full.button)
    }

    /// The filled button as drawn at `now`: its edge, its index and how far it has grown
    /// (``ExpansionAnimation``: 0 its own frame, 1 the whole revealed width). ``filledButton``
    /// at the progress of its grow (1 once it ended, or with none: a row held again at once),
    /// or, after a collapse, the shrinking button until it is back in its frame; nil otherwise.
    public func filledPresentation(at now: VirtualInstant) -> (edge: Edge, index: Int, progress: Double)? {
        if let filled {
            guard let expansion, expansion.growing, expansion.edge == filled.edge else {
                return (filled.edge, filled.index, 1)
            }
            return (filled.edge, filled.index, expansion.progress(at: now))
        }
        guard let expansion, !expansion.growing, now < expansion.end,
            let full = configuration.fullSwipe(on: expansion.edge),
            full.button >= 0, full.button < configuration.buttonCount(on: expansion.edge)
        else { return nil }
        let progress = expansion.progress(at: now)
        return progress > 0 ? (expansion.edge, full.button, progress) : nil
    }

    /// Whether the pan crossed its edge's full-swipe threshold, either way. Inlined into the
    /// moves of a row with a full swipe.
    @inline(__always)
    mutating func updateExpansion(at now: VirtualInstant) -> CellEffects.FullSwipeEvent? {
        var expanded: Edge? = nil
        if isTracking, let edge = side?.edge {
            let threshold = configuration.metrics.fullThreshold(of: edge)
            if threshold > 0, reveal(on: edge) >= threshold { expanded = edge }
        }
        return expand(expanded, at: now)
    }

    /// The pan holds `expanded` expanded (nil: none): an `expand` or `collapse` when it changed,
    /// and the filled button starts to grow or shrink from where it is drawn (``expansion``).
    /// Inlined: most moves change nothing, and the call to find that out cost more than the test.
    @inline(__always)
    mutating func expand(_ expanded: Edge?, at now: VirtualInstant) -> CellEffects.FullSwipeEvent? {
        guard case .tracking(let pan) = state, expanded != pan.expanded else { return nil }
        return changeExpansion(to: expanded, at: now)
    }

    /// ``expand(_:at:)`` where the pan's expanded edge changes.
    private mutating func changeExpansion(to expanded: Edge?, at now: VirtualInstant) -> CellEffects.FullSwipeEvent? {
        guard case .tracking(var pan) = state else { return nil }
        let drawn = filledPresentation(at: now)
        let previous = pan.expanded
        pan.expanded = expanded
        state = .tracking(pan)
        if let edge = expanded ?? previous {
            let from = drawn.flatMap { $0.edge == edge ? $0.progress : nil } ?? 0
            expansion = ExpansionAnimation(edge: edge, growing: expanded != nil, start: now, from: from)
        }
        if let expanded { return .expanded(expanded) }
        return previous.map { .collapsed($0) }
    }

    /// `ctx:fulfill(row, completion)`: a row held filled by a `manual` full swipe slides out
    /// (`delete`, the table then deletes the row) or snaps closed (`reset`, with its `close`).
    /// Nothing happens for a row that is not waiting (the table refuses that first).
    public mutating func fulfill(_ completion: FullSwipe.Completion, at now: VirtualInstant) -> CellEffects {
        switch state {
        case .waiting(let side):
            state = .closed
            setSide(side)
        case .tracking(var pan) where pan.held && !pan.slidingOut:
            // Fulfilled under a pan: with `reset`, the rest of it, its release included, is a
            // pan again; with `delete`, it goes on moving nothing while the row slides out.
            pan.held = completion == .delete
            pan.slidingOut = completion == .delete
            state = .tracking(pan)
        case .closed, .resting, .tracking:
            return CellEffects()
        }
        let edge = currentEdge
        switch completion {
        case .delete:
            return slideOut(
                edge, width: configuration[edge].fullSwipe?.width ?? configuration.totalWidth(of: edge), at: now)
        case .reset, .manual: return snapClosed(edge, animated: true, notify: true, at: now)
        }
    }

    /// A row that was waiting comes back on screen: held filled again, at once, at its full
    /// swipe's threshold.
    public mutating func holdFilled(on edge: Edge) {
        guard let full = configuration[edge].fullSwipe else { return }
        expansion = nil  // filled at once
        follow(full.threshold, on: edge)
        hold(on: edge)
    }

    /// Holds the row where its content is on `edge`, filled, until it is fulfilled
    /// (``State/waiting(_:)``): the reveal is committed.
    mutating func hold(on edge: Edge) {
        state = .waiting(Side(edge: edge, committed: reveal(on: edge)))
    }

    /// The content slides out to the cell's width on `edge`; the row is deleted when the slide
    /// completes (``SnapStep/slideOut``), or, if it does not animate, once the event's calls are
    /// delivered (the cell ``hasSlidOut`` when the event returns).
    mutating func slideOut(_ edge: Edge, width: Double, velocity: Double = 0, at now: VirtualInstant)
        -> CellEffects
    {
        let drawn = presentedOffset(at: now)
        setReveal(width, on: edge)
        deletion = .slidingOut
        var effects = CellEffects()
        effects.completion = layoutIfNeeded(animated: true, from: drawn, then: .slideOut, velocity: velocity, at: now)
        return effects
    }
}
