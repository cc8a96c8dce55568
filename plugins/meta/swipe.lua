---@meta swipe
-- LuaLS annotations for `require("swipe")`, the test driver that `swipehost test` and
-- `swipehost lua` give specs and scripts (Sources/SwipeTesting/Lua/swipe_module.lua over the
-- native functions of Sources/SwipeTesting/SwipeModule.swift). Every method of a table is
-- annotated here: a test (DriverAnnotationTests) fails when the driver gains one that is not.
-- Failures raise a Lua error at the spec's line; times are virtual milliseconds.

---@class SwipeTableOptions
---@field plugins? string|string[]  plugin paths: from the current folder, then the spec's folder
---@field rows? integer              generated rows ("Longer Title Item #N"), default 30
---@field width? number              cell width in points, default 320
---@field viewport? number           table height in points, default 504
---@field items? string|string[]     the rows' items, instead of generated ones
---@field budget? integer            Lua instructions per call into a plugin (0 = unlimited)
---@field memory? integer            bytes each plugin's Lua state may allocate (0 = no cap)
---@field plugin_errors? "fail"|"allow"  "allow": the test expects plugin errors (default "fail")
---@field preset? "tutorial"|"swipecellkit"|"mail"  every row's behaviour preset and its table options (run --preset)
---Keep one row open: the others close when a row opens (true) or when a swipe begins ("begin").
---@field exclusive? boolean|"begin"
---The events also have the pans' begin, will_open and will_close (run --lifecycle-events).
---@field lifecycle_events? boolean
---"rtl": the trailing edge is on the left and everything is mirrored (run --direction); default
---"ltr", or what a plugin's setup chooses.
---@field direction? "ltr"|"rtl"
---Close the open rows when the table scrolls (run --close-on-scroll).
---@field close_on_scroll? boolean
---Close the open rows on a tap on a row's content (run --close-on-tap).
---@field close_on_tap? boolean
---How deletes and inserts animate (run --row-animation), default "none".
---@field row_animation? "none"|"fade"|"slide"

---An event as the jsonl trace has it: `{ event = "open", row = 3, t = 150 }`; `action` events
---have `button` (the id) and `index`, plugin events their own fields (a `plugin_error` has
---`plugin`, `file`, `hook`, `row`, `field`, `message`, `kind`).
---@class SwipeEvent
---`event`: "open", "close", "action", "begin", "will_open", "will_close", "present", "plugin_error", ...
---@field event string
---@field t number      virtual milliseconds
---@field row? integer
---@field button? string
---@field index? integer
---@field velocity? number  the release velocity (points/s) of an open or close a flick decided
---@field full? boolean     an action a full swipe performed
---@field side? "leading"|"trailing"
---@field [string] any

---A `plugin_error` event, with Lua's traceback from the plugin when there is one.
---@class SwipePluginError: SwipeEvent
---@field plugin string
---@field file string
---@field hook string     "configure", "setup", "on_open", "on_close", "on_action", "on_tap", "after", "on_begin", ...
---@field message string  "FILE:LINE: ..."
---@field kind "runtime"|"budget"|"memory"|"invalid"
---@field field? string
---@field rows? integer[]  a summary of one error repeated on these rows
---@field traceback? string

---@class SwipeCellButton
---@field id string
---@field title string
---@field x number      its left side in the row now, in points from the row's left (docs/appearance.md)
---@field width number  its width as drawn now (the configured width but under "stretch")

---@class SwipeCellState
---@field right number   the right constraint constant (> 0: the content moved left)
---@field left number    the left constraint constant
---@field offset number  the content's signed offset (negative = moved left)
---@field state "closed"|"open"|"moving"
---@field side? "leading"|"trailing"  the edge the cell is open on or revealing (nil when closed)
---@field drawn number   the right constant as drawn now (minus the offset), as the text table's "drawn at"
---@field y number       the row's top in the view
---@field height number  the row's height
---@field buttons SwipeCellButton[]  the trailing edge's, button 1 (rightmost) first
---@field leading SwipeCellButton[]  the leading edge's

---@class SwipePresented
---@field title string
---@field text string

---A table over a fresh plugin host with its own virtual clock, made by `swipe.table{...}`.
---@class SwipeTable
local SwipeTable = {}

---Runs gesture script lines (the grammar of .swipe files); errors name the spec's line.
---@param script string
---@return SwipeTable self
function SwipeTable:run(script) end

---Pans a row through the given x translations, one step each, then lets go.
---@param row integer
---@param xs number[]  translations, e.g. {-20, -45}
---@param options? { cancel?: boolean, velocity?: number }  cancel: cancelled, not ended; velocity: points/s
function SwipeTable:pan(row, xs, options) end

---Swipes a row by `dx` points over `ms` milliseconds (default 150).
---@param row integer
---@param dx number
---@param ms? number
function SwipeTable:swipe(row, dx, ms) end

---Taps a button of a row by id or by number (1 = rightmost); whether the tap reached it.
---@param row integer
---@param button string|integer
---@return boolean
function SwipeTable:tap(row, button) end

---Advances the virtual clock, running the animations and timers due.
---@param ms number
function SwipeTable:wait(ms) end

---Scrolls the table by `dy` points.
---@param dy number
function SwipeTable:scroll(dy) end

---Opens a row, as the script command `open ROW` does.
---@param row integer
function SwipeTable:open(row) end

---Closes a row, as the script command `close ROW` does.
---@param row integer
function SwipeTable:close(row) end

---The events so far, or only those named `name`. Reading all of them, or the `plugin_error`
---ones, tells the test runner the test has looked at the plugin errors.
---@param name? string
---@return SwipeEvent[]
function SwipeTable:events(name) end

---A row's cell, or nil for a row off screen. `row`: an index, or a row id as a script writes it
---(`"#m42"`, `"#7"`) or bare (`"m42"`, a string id), looked up now; an id no row has is an error.
---@param row integer|string
---@return SwipeCellState?
function SwipeTable:cell(row) end

---Runs button `id`'s action as a screen reader's custom action does (`activate ROW ID`): no
---`open`, an `action` event with `accessibility = true`. Returns the events it caused.
---@param row integer|string  an index or a row id, as for `cell`
---@param id string  the button's id
---@return SwipeEvent[]
function SwipeTable:activate(row, id) end

---The row's accessibility actions, in the order a screen reader offers them (`actions ROW`).
---@param row integer|string  an index or a row id, as for `cell`
---@return { label: string, side: "leading"|"trailing", button: string, index: integer }[]
function SwipeTable:actions(row) end

---The open rows, in order.
---@return integer[]
function SwipeTable:open_rows() end

---The rows' items, in row order, as `ctx:item` gives them: a string item as its string, a table
---item as a copy of its table (`{ id = "m42", title = "Lunch?", ... }`; changing it changes nothing).
---@return (string|table)[]
function SwipeTable:items() end

---The number of rows, as `ctx:count()` gives it.
---@return integer
function SwipeTable:count() end

---The row of the item with id `id` now, or nil, as `ctx:index(id)`: `id` is a string, as
---`row.id` is (`"m42"`, `"7"`); an integer is an error (it is already an index).
---@param id string
---@return integer?
function SwipeTable:index(id) end

---The detail screen a plugin presented, or nil.
---@return SwipePresented?
function SwipeTable:presented() end

---The virtual time, in milliseconds.
---@return number
function SwipeTable:now() end

---The `plugin_error` events so far (the test has then looked at them).
---@return SwipePluginError[]
function SwipeTable:errors() end

---The built-in and host invariants `swipehost explore` checks that are broken now, as sentences
---(empty when all hold): no `plugin_error`, every row resting as announced, the table consistent.
---@return string[]
function SwipeTable:invariants() end

---The SVG `swipehost render` draws for the gestures applied so far (replayed on a fresh table with
---the same options), titled with the spec file's name: `assert.snapshot(t:render())`. Frames as
---`swipehost render`'s options: one of `every`, `at` and `events` (the default), and `columns`.
---@param options? SwipeRenderOptions
---@return string svg
function SwipeTable:render(options) end

---The options of `t:render{...}` (docs/testing.md).
---@class SwipeRenderOptions
---@field every? number  a frame every MS milliseconds of virtual time, from 0 (`--every`)
---@field at? number[]  frames at these virtual times in milliseconds (`--at`)
---@field events? true  a frame after each step that made events (`--events`, the default)
---@field columns? integer  frames side by side before the filmstrip wraps, 1 to 12 (default 4)

---@class swipe
---@field _VERSION string
local swipe = {}

---Makes a table over a fresh plugin host with its own virtual clock.
---@param options? SwipeTableOptions
---@return SwipeTable
function swipe.table(options) end

---Explores the plugins with generated gesture scripts, as `swipehost explore` does (the plugins
---loaded together, as `swipe.table` loads them), calling `check(t)` after every step. A failure
---is an error with the minimal script in its message (docs/testing.md, "Exploring").
---@param options SwipeExploreOptions
---@return { runs: integer, steps: integer, seed: integer }
function swipe.explore(options) end

---The options of `swipe.explore{...}`: any of `swipe.table{...}`'s, and these.
---@class SwipeExploreOptions: SwipeTableOptions
---@field runs? integer  runs, each on a fresh table (`--runs`; default 200)
---@field steps? integer  script lines per run (`--steps`; default 50)
---@field seed? integer  the seed (`--seed`; default 1)
---@field mix? string  weights per kind of step, `"pan=3,tap=1"` (`--mix`)
---@field check? fun(t: SwipeTable)  called after every step; a failed `assert` or an `error` fails the run

return swipe
