/// The tutorial's `SwipeableCell` as a value: its constraint constants and the pan gesture's
/// state machine, with no views.
///
/// Each event is a `mutating func` named for what happened; it returns the ``CellEffects`` the
/// driver (``SwipeTable``) must perform: a delegate notification, and the completion of an
/// animation step to schedule on the virtual clock. The algorithm is `panThisCell:` step for
/// step, including its quirks (docs/tutorial-quirks.md).
public struct SwipeCell: Sendable {
    /// Whether a pan is being tracked, and where it began.
    public enum Gesture: Hashable, Sendable {
        case idle
        /// `panStartPoint.x`.
        case panning(startX: Double)
    }

    public internal(set) var configuration: CellConfiguration
    /// `contentViewRightConstraint.constant`: how many points of the buttons are revealed.
    public internal(set) var right: Double = 0
    /// `contentViewLeftConstraint.constant`.
    public internal(set) var left: Double = 0
    /// `startingRightLayoutConstraintConstant`.
    public internal(set) var startingRight: Double = 0
    public internal(set) var gesture: Gesture = .idle
    /// The animation the cell is drawn with, if one is running (presentation only).
    var animation: Animation?

    public init(configuration: CellConfiguration = .tutorial) {
        self.configuration = configuration
    }

    /// `UIGestureRecognizerStateBegan`.
    public mutating func panBegan(translation x: Double) {
        gesture = .panning(startX: x)
        startingRight = right
    }

    /// `UIGestureRecognizerStateChanged`, with its two branches and clamps (numbered as in the tutorial).
    /// Without a pan in progress it does nothing: drivers report that case to their user.
    public mutating func panChanged(translation x: Double, at now: VirtualInstant) -> CellEffects {
        guard case .panning(let startX) = gesture, isSwipeable else { return CellEffects() }
        var effects = CellEffects()
        let deltaX = x - startX
        let panningLeft = x < startX  // 1
        let total = configuration.totalWidth
        if startingRight == 0 {  // 2: the cell was closed and is now opening
            if !panningLeft {
                let constant = max(-deltaX, 0)  // 3
                if constant == 0 {  // 4
                    effects = resetConstraintConstantsToZero(animated: true, notify: false, at: now)
                } else {  // 5
                    setRight(constant)
                }
            } else {
                let constant = min(-deltaX, total)  // 6
                if constant == total {  // 7
                    effects = setConstraintsToShowAllButtons(animated: true, notify: false, at: now)
                } else {  // 8
                    setRight(constant)
                }
            }
        } else {  // the cell was at least partially open
            let adjustment = startingRight - deltaX  // 1
            if !panningLeft {
                let constant = max(adjustment, 0)  // 2
                if constant == 0 {  // 3
                    effects = resetConstraintConstantsToZero(animated: true, notify: false, at: now)
                } else {  // 4
                    setRight(constant)
                }
            } else {
                let constant = min(adjustment, total)  // 5
                if constant == total {  // 6
                    effects = setConstraintsToShowAllButtons(animated: true, notify: false, at: now)
                } else {  // 7
                    setRight(constant)
                }
            }
        }
        left = -right  // 8
        return effects
    }

    /// `UIGestureRecognizerStateEnded`: snap open or closed by the thresholds.
    public mutating func panEnded(at now: VirtualInstant) -> CellEffects {
        guard case .panning = gesture else { return CellEffects() }
        gesture = .idle
        guard isSwipeable else { return CellEffects() }
        let threshold =
            startingRight == 0
            ? configuration.effectiveOpenThreshold  // 1-3: the cell was opening
            : configuration.effectiveCloseThreshold  // 4-5: the cell was closing
        if right >= threshold {
            return setConstraintsToShowAllButtons(animated: true, notify: true, at: now)
        }
        return resetConstraintConstantsToZero(animated: true, notify: true, at: now)
    }

    /// `UIGestureRecognizerStateCancelled`: back to the state the pan started from.
    public mutating func panCancelled(at now: VirtualInstant) -> CellEffects {
        guard case .panning = gesture else { return CellEffects() }
        gesture = .idle
        guard isSwipeable else { return CellEffects() }
        if startingRight == 0 {
            return resetConstraintConstantsToZero(animated: true, notify: true, at: now)
        }
        return setConstraintsToShowAllButtons(animated: true, notify: true, at: now)
    }

    /// `openCell`: the table opens the cell itself, without animation or notification.
    public mutating func openCell(at now: VirtualInstant) {
        _ = setConstraintsToShowAllButtons(animated: false, notify: false, at: now)
    }

    /// `prepareForReuse`: closes the cell without animation or notification. A pan still
    /// tracked is dropped (the table cancels it first when its row leaves the screen).
    public mutating func prepareForReuse(at now: VirtualInstant) {
        gesture = .idle
        _ = resetConstraintConstantsToZero(animated: false, notify: false, at: now)
    }

    /// A constant set outside an animation block: the cell is drawn there at once.
    mutating func setRight(_ constant: Double) {
        right = constant
        animation = nil
    }

    /// Whether a tap on the middle of button `index` (0-based) reaches it: the content must
    /// have slid past that point.
    public func reveals(buttonAt index: Int) -> Bool {
        right > configuration.buttonMiddles[index]
    }

    /// A cell with no buttons (a row whose configuration failed) tracks pans but never moves
    /// or notifies: the tutorial always has buttons, and zero-width thresholds would open it.
    public var isSwipeable: Bool { !configuration.buttons.isEmpty }

    /// The cell counts as open for a viewer when it rests at its total width.
    public var isOpen: Bool { right == configuration.totalWidth && startingRight == right }
    public var isClosed: Bool { right == 0 && startingRight == 0 }
}

/// What the driver must do after a cell event.
public struct CellEffects: Hashable, Sendable {
    public enum Notification: Hashable, Sendable {
        /// `[self.delegate cellDidOpen:self]`.
        case didOpen
        /// `[self.delegate cellDidClose:self]`.
        case didClose
    }

    public var notification: Notification?
    /// An animation step whose completion must run at `deadline`.
    public var completion: ScheduledStep?

    public init(notification: Notification? = nil, completion: ScheduledStep? = nil) {
        self.notification = notification
        self.completion = completion
    }
}

/// The completion block of one animation step, due when the clock reaches `deadline`.
public struct ScheduledStep: Hashable, Sendable {
    public var step: SnapStep
    public var deadline: VirtualInstant
}

/// The completion blocks nested in the two snap routines.
public enum SnapStep: Hashable, Sendable {
    /// `setConstraintsToShowAllButtons` //3: come back from the bounce to the total width.
    case openSettle
    /// `setConstraintsToShowAllButtons` //4: commit `startingRightLayoutConstraintConstant`.
    case openCommit
    /// `resetConstraintContstantsToZero`: come back from the bounce to zero.
    case closeSettle
    /// `resetConstraintContstantsToZero`: commit `startingRightLayoutConstraintConstant`.
    case closeCommit
}
