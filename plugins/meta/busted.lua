---@meta busted
-- LuaLS annotations for the busted API that `swipehost test` implements itself
-- (Sources/SwipeTesting/Lua/test_framework.lua), the part of busted and luassert that a spec
-- can rely on under both `swipehost test` and Debian's busted. Every global the framework sets
-- is annotated here and listed in .luarc.json's diagnostics.globals (DriverAnnotationTests).

---Runs `fn` now to define a block of tests named `name`.
---@param name string
---@param fn fun()
function describe(name, fn) end

---The same as `describe`.
---@param name string
---@param fn fun()
function context(name, fn) end

---As `describe`, but what the block sets in `_G` and `package.loaded` (in its body and while
---its tests run) is undone after it, as in busted.
---@param name string
---@param fn fun()
function insulate(name, fn) end

---The same as `describe`: what the block sets stays for the blocks after it.
---@param name string
---@param fn fun()
function expose(name, fn) end

---Defines a test; without `fn` it is pending.
---@param name string
---@param fn? fun()
function it(name, fn) end

---The same as `it`.
---@param name string
---@param fn? fun()
function spec(name, fn) end

---The same as `it`.
---@param name string
---@param fn? fun()
function test(name, fn) end

---Defines a pending test: listed, skipped, not failed.
---@param name string
---@param fn? fun()  ignored
function pending(name, fn) end

---Inside a test: runs `fn` when the test ends, passed or failed.
---@param fn fun()
function finally(fn) end

---Runs `fn` before each test of the block (and of the blocks inside it).
---@param fn fun()
function before_each(fn) end

---Runs `fn` after each test of the block (and of the blocks inside it).
---@param fn fun()
function after_each(fn) end

---Runs `fn` once before the block's first test.
---@param fn fun()
function setup(fn) end

---The same as `setup`.
---@param fn fun()
function lazy_setup(fn) end

---The same as `setup`.
---@param fn fun()
function strict_setup(fn) end

---Runs `fn` once after the block's last test.
---@param fn fun()
function teardown(fn) end

---The same as `teardown`.
---@param fn fun()
function lazy_teardown(fn) end

---The same as `teardown`.
---@param fn fun()
function strict_teardown(fn) end

---A call a spy saw: its arguments, and `n` their count.
---@class SpyCall
---@field vals { n: integer, [integer]: any }

---A function that records its calls (and calls through to the function it wraps).
---@class Spy
---@field calls SpyCall[]
---@overload fun(...): ...
local Spy = {}

---Forgets the calls so far.
---@return Spy self
function Spy:clear() end

---Puts the original function back in the table `spy.on` or `stub` replaced it in.
---@return function? original
function Spy:revert() end

---@class spy
---@overload fun(callback?: function): Spy
spy = {}

---A spy that calls `callback`, if given.
---@param callback? function
---@return Spy
function spy.new(callback) end

---Replaces `target[key]` with a spy that calls the original.
---@param target table
---@param key any
---@return Spy
function spy.on(target, key) end

---Whether `value` is a spy.
---@param value any
---@return boolean
function spy.is_spy(value) end

---@class stub
---@overload fun(target?: table, key?: any, ...): Spy
stub = {}

---A spy returning `...` instead of calling anything; with `target`, it replaces `target[key]`.
---@param target? table
---@param key? any
---@return Spy
function stub.new(target, key, ...) end

---luassert's matchers, for `called_with`: `match.is_number()`, `match.is_string()`, `match.is_table()`,
---`match.is_true()`, `match.is_false()`, `match.is_nil()`, `match.is_truthy()`, `match.is_falsy()`,
---`match.is_same(v)`, `match.is_equal(v)`, `match.is_unique(deep?)`, `match.is_near(v, tolerance)`,
---`match.is_matches(pattern)`, `match.is_ref(v)`, `match.any_of(m, ...)`, `match.all_of`, `match.none_of`;
---`is_not_`/`no_` negate; `assert:register("matcher", name, fn)` adds `match.is_<name>`.
---@class match
---@field _ any  matches any argument in `called_with`
match = {}

---A matcher: a value `called_with` compares an argument with (shown as `match.is_number()`).
---@class Matcher
---@overload fun(value: any): boolean

---@return Matcher
function match.is_number() end
---@return Matcher
function match.is_string() end
---@return Matcher
function match.is_table() end
---@return Matcher
function match.is_function() end
---@return Matcher
function match.is_boolean() end
---@return Matcher
function match.is_true() end
---@return Matcher
function match.is_false() end
---@return Matcher
function match.is_nil() end
---@return Matcher
function match.is_not_nil() end
---@return Matcher
function match.is_truthy() end
---@return Matcher
function match.is_falsy() end
---@param expected any
---@return Matcher
function match.is_same(expected) end
---@param expected any
---@return Matcher
function match.is_equal(expected) end
---@param expected any
---@return Matcher
function match.is_ref(expected) end
---@param expected number
---@param tolerance number
---@return Matcher
function match.is_near(expected, tolerance) end
---@param pattern string
---@return Matcher
function match.is_matches(pattern) end
---A list with no value twice (`deep`: compared as `same`).
---@param deep? boolean
---@return Matcher
function match.is_unique(deep) end
---@param deep? boolean
---@return Matcher
function match.unique(deep) end
---@param ... Matcher
---@return Matcher
function match.any_of(...) end
---@param ... Matcher
---@return Matcher
function match.all_of(...) end
---@param ... Matcher
---@return Matcher
function match.none_of(...) end

---luassert's `mock(t, stubbed)`: every function of `t` (deeply) replaced by a spy on it, or with
---`stubbed` by a stub returning nothing; `mock.revert(t)` puts them back.
---`mock` of anything but a table is bad input: the test fails and the run's status is 2.
---@class mock
---@overload fun(t: table, stubbed?: boolean): table
mock = {}

---@param t table
---@param stubbed? boolean
---@return table
function mock.new(t, stubbed) end

---@param t table
---@return table
function mock.revert(t) end

---luassert's chains: `assert.are.same(expected, actual)`, `assert.is_not.equal(a, b)`,
---`assert.is_true(v)`, `assert.has_error(fn, "message")`, `assert.spy(s).was.called(2)`.
---Words join with `.` or `_`; `is`, `are`, `was`, `has`, `does`, `be`, `been` read only,
---`not` and `no` negate. `assert(v, message)` is Lua's assert, failing the test.
---@class luassert
---@overload fun(v: any, message?: any, ...): any
---@field is luassert
---@field are luassert
---@field was luassert
---@field has luassert
---@field does luassert
---@field be luassert
---@field been luassert
---@field no luassert
---@field is_not luassert
---@field are_not luassert
---@field was_not luassert
---@field has_no luassert
---@field does_not luassert
local luassert = {}

---@param expected any
---@param actual any
---@param message? any
function luassert.equal(expected, actual, message) end
---@param expected any
---@param actual any
---@param message? any
function luassert.equals(expected, actual, message) end
---Deep comparison; a failure lists the differences.
---@param expected any
---@param actual any
---@param message? any
function luassert.same(expected, actual, message) end
---@param v any
---@param message? any
function luassert.is_true(v, message) end
---@param v any
---@param message? any
function luassert.is_false(v, message) end
---@param v any
---@param message? any
function luassert.is_nil(v, message) end
---@param v any
---@param message? any
function luassert.truthy(v, message) end
---@param v any
---@param message? any
function luassert.falsy(v, message) end
---@param v any
function luassert.is_number(v) end
---@param v any
function luassert.is_string(v) end
---@param v any
function luassert.is_table(v) end
---@param v any
function luassert.is_function(v) end
---@param v any
function luassert.is_boolean(v) end
---@param v any
function luassert.is_userdata(v) end
---@param v any
function luassert.is_thread(v) end
---@param expected number
---@param actual number
---@param tolerance number
function luassert.near(expected, actual, tolerance) end
---@param pattern string  a Lua pattern
---@param actual string
function luassert.matches(pattern, actual) end
---@param pattern string  a Lua pattern
---@param actual string
function luassert.match(pattern, actual) end
---Calls `fn`; with `expected`, the error (its `FILE:LINE: ` dropped) must be the same.
---@param fn function
---@param expected? any
function luassert.error(fn, expected) end
---@param fn function
---@param expected? any
function luassert.errors(fn, expected) end
---@param fn function
---@param expected? any
function luassert.has_error(fn, expected) end
---`assert.spy(s)`: the assertions that follow are about the spy `s`.
---@param s Spy
---@return luassert
function luassert.spy(s) end
---@param s Spy
---@return luassert
function luassert.stub(s) end
---After `assert.spy(s).was`: called at all, or exactly `times` times.
---@param times? integer
function luassert.called(times) end
---@param times integer
function luassert.called_at_least(times) end
---@param times integer
function luassert.called_at_most(times) end
---Some call had exactly these arguments (`match._` matches any, a matcher matches what it accepts).
function luassert.called_with(...) end
---No value of `list` twice (`deep`: compared as `same`).
---@param list table
---@param deep? boolean
function luassert.unique(list, deep) end
---`assert:register("assertion", name, fn, positive_key, negative_key)`: `fn(state, arguments, level)`
---returns whether it holds; the message is `require("say")`'s text for the key, its `%s` filled with
---the arguments. `assert:register("matcher", name, fn)`: `fn(state, arguments)` returns a predicate.
---`swipehost test` only: compares `value` with the test's snapshot in
---`__snapshots__/SPECFILE/TESTNAME.snap` beside the spec (the N-th of a test in `TESTNAME.N.snap`),
---writing it the first time (not under CI=true); a difference fails with a line diff, and
---`--update-snapshots` rewrites it. A string is kept as it is, any other value in a fixed form
---(sorted keys, fixed number formats). Returns `value`. See docs/testing.md, "Snapshots".
---@generic T
---@param value T
---@return T
function luassert.snapshot(value) end
---@param namespace "assertion"|"matcher"
---@param name string
---@param fn function
---@param positive_key? string
---@param negative_key? string
function luassert:register(namespace, name, fn, positive_key, negative_key) end

---@type luassert
assert = luassert
