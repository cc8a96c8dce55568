import Testing

/// `#expect(a == b)` as a function call: the same check, and a failure shows both values (`a → …`,
/// `b → …`) at the caller's line. The macro type-checks a comparison together with its operands as
/// one expression, and that was most of the test targets' compile time; a call is checked as a
/// call (docs/testing.md, "Where the test command's time goes").
public func expectEqual<T: Equatable>(
    _ a: T, _ b: T, _ comment: @autoclosure () -> Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(a == b, comment(), sourceLocation: sourceLocation)
}

/// ``expectEqual(_:_:_:sourceLocation:)`` for collections: a failure also shows what differs.
public func expectEqual<C: BidirectionalCollection & Equatable>(
    _ a: C, _ b: C, _ comment: @autoclosure () -> Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) where C.Element: Equatable {
    #expect(a == b, comment(), sourceLocation: sourceLocation)
}
