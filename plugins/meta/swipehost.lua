---@meta
-- LuaLS annotations for SwipeHost plugins: point your editor's Lua language server at this
-- folder (the repository's .luarc.json does) to get completion and checks for the host API.

---@alias SwipeSide "leading"|"trailing"

---@alias SwipeRowRef integer|string  an index (integer), or an id (string, as row.id is: "m3", "7")

---A table item: `title` is what is drawn; any other fields (strings, numbers, booleans, nested
---tables) are kept beside it. `id` (a string or an integer; an integer and the string writing it
---are the same id) names the row wherever it moves; without one the table gives the next number.
---An id is one a gesture script can write after `#` (a recording does): an integer from 1 to
---9007199254740991, or a string of 1 to 256 bytes without spaces, tabs, line breaks or `#`
---(docs/limits.md, "Ids").
---@class SwipeItem
---@field id? string|integer
---@field title string
---@field [string] any

---@class SwipeRow
---@field index integer  1-based row number
---The row's id, always a string: the item's own `id` ("m3"; an integer id 42 reads "42"), or the
---number the table gave it ("7"). Pass it to any ctx method that names a row.
---@field id string
---@field title string  what the row shows ("Longer Title Item #3")
---@field item string|SwipeItem  the string item, or a copy of the table item (changing it changes nothing)
---In on_open, on_close, on_action and on_tap: the edge that opened, closed or holds the button;
---nil for a row whose buttons are all trailing (the tutorial's shape), as in the trace.
---@field side? SwipeSide
---In on_will_open and on_will_close: the release velocity, points/s (negative = left; nil for a
---cancelled pan); in on_open and on_close where a flick decided (`release = "velocity"`).
---@field velocity? number
---In on_progress: the content's offset, points (negative = moved left).
---@field offset? number
---In on_progress: the revealed width over the side's buttons' total width (above 1 past them).
---@field fraction? number
---In on_will_close and on_close: true when a full swipe with completion "reset" closes the row (its
---action follows them); nil for a pan released closed or abandoned (a peek), and for other closes.
---@field full? boolean

---@class SwipeButtonInfo
---@field id string
---@field index integer  on its edge, 1 = outermost (the rightmost trailing button in ltr)
---@field title string
---@field full? boolean  true when a full swipe performed the action (`full_swipe`); nil on a tap
---@field accessibility? boolean  true when a screen reader's custom action ran it (`activate`); nil otherwise

---The built-in icons (docs/appearance.md, "Icons").
---@alias SwipeIconName "trash"|"archive"|"flag"|"pin"|"unpin"|"mail"|"mail_open"|"more"|"star"|"bell"
---| "bell_slash"|"share"|"edit"|"reply"|"forward"|"checkmark"

---@class SwipeIconPath
---@field path string       SVG path data (commands MLHVCSQTAZ, numbers, commas, spaces), at most 4096 bytes, filled
---@field view_box? string  "minX minY width height", default "0 0 24 24"

---@class SwipeButtonSpec
---1 to 256 bytes without spaces, tabs, line breaks or `#`; not a number, `content`, or
---`leading:`/`trailing:` then anything (a script's `tap ROW BUTTON` reads those otherwise).
---@field id string
---@field title? string  required unless the button has an icon
---@field width number|"auto"  points, > 0; "auto": from the title and icon (docs/appearance.md)
---@field min_width? number  points, > 0: the least width (clamps "auto" and a number)
---@field max_width? number  points, > 0, not below min_width: the most
---@field color? string  "#RRGGBB"
---@field style? "normal"|"destructive"
---@field icon? SwipeIconName|SwipeIconPath  drawn alone or above the title
---@field text_color? string       "#rgb" or "#rrggbb": the title's and icon's colour
---@field highlight_color? string  "#rgb" or "#rrggbb": the pressed look (the page; render at a tap)
---Required when the button has an icon and no title; labels the button's accessibility action
---(default: its title; `check` warns about a button with neither).
---@field accessibility_label? string
---@field on_tap? fun(ctx: SwipeContext, row: SwipeRow, button: SwipeButtonInfo)
---@field close? boolean  the row closes, animated, once the action was handled (default: the edge's close_on_action)

---@class SwipeEdgeConfig
---@field buttons SwipeButtonSpec[]  button 1 (the outermost, against the edge) first
---@field open_threshold? number     points, default half of button 1
---@field close_threshold? number    points, default every button but the innermost plus half of it
---@field close_on_action? boolean   every button's default `close` (default false: the row stays open)
---@field full_swipe? SwipeFullSwipe|"destructive"  a long drag performs a button's action at once
---@field equal_widths? boolean     every button of the edge as wide as the widest
---@field transition? "reveal"|"drag"|"border"|"stretch"  how the buttons move as uncovered, default "reveal"
---@field enabled? boolean           false: the edge does not swipe (as an empty `buttons` list)

---@class SwipeFullSwipe
---@field button? string     the id of the expanded button on this edge, default button 1
---@field threshold? number  points, or a fraction of the width in (0, 1]; default 0.6 (at least the buttons + 20)
---@field completion? "delete"|"reset"|"manual"  default "delete"; "manual": a handler calls ctx:fulfill
---SwipeCellKit's .destructive: the threshold is the cell's width - 30 or 80% of it, whichever is less
---(no `threshold` with it); full_swipe = "destructive" is { style = "destructive" }
---@field style? "destructive"

---@class SwipeCellConfig
---@field buttons? SwipeButtonSpec[]  the trailing edge's buttons, button 1 (rightmost in ltr) first; {}: off
---@field enabled? boolean           the trailing edge's: false, it does not swipe
---@field trailing? SwipeEdgeConfig   the trailing edge (swipe left in ltr), instead of `buttons` and the thresholds
---@field leading? SwipeEdgeConfig    the leading edge (swipe right in ltr), like Mail's Unread; ids unique across edges
---@field close_on_action? boolean   the trailing edge's `close_on_action` (with top-level `buttons`)
---@field bounce? number             points, default 20
---@field duration? number           seconds per animation step, default 0.1
---@field curve? "ease_out"|"linear"|"ease_in"|"ease_in_out"|"spring"  "spring": mass, stiffness, damping
---@field release? "position"|"velocity"  "velocity": a fast enough flick decides by its direction
---@field flick_velocity? number     points/s, in (0, 100000], default 300
---@field overscroll? "clamp"|number  "clamp" (default) or the elasticity past the buttons' width, in (0, 1]
---@field mass? number               the spring's (curve = "spring"), in (0, 1000000], default 1
---@field stiffness? number          the spring's, in (0, 1000000], default 100
---@field damping? number            the spring's, in [0, 1000000], default 18 (0 never settles: ended after 10 s)
---@field preset? "tutorial"|"swipecellkit"|"mail"  the options above, under the row's own (docs/physics.md)
---@field transition? "reveal"|"drag"|"border"|"stretch"  the trailing edge's (docs/appearance.md)
---@field open_threshold? number     the trailing edge's: points, default half of button 1
---@field close_threshold? number    the trailing edge's: points, default every button but the leftmost plus half of it
---@field equal_widths? boolean     the trailing edge's: every button as wide as the widest

---@class SwipeContext
---@field now number  virtual milliseconds
local SwipeContext = {}

---Opens a row (animated) on a side, recorded in the open rows; no delegate call back into plugins.
---@param row SwipeRowRef
---@param side? SwipeSide  default: trailing if the row has trailing buttons, else leading
function SwipeContext:open(row, side) end

---Closes a row (animated) and forgets it was open: an open row gets its `close` event (and the
---plugins' on_close), as a button's `close = true` gives; a row that is not open gets none.
---@param row SwipeRowRef
function SwipeContext:close(row) end

---Finishes a `manual` full swipe that holds a row filled: "delete" slides it out and deletes it,
---"reset" closes it. An error for a row that is not waiting (fulfilled already, or never full-swiped).
---@param row SwipeRowRef  `row.id` from a timer reaches the same item after rows above it moved
---@param completion "delete"|"reset"
function SwipeContext:fulfill(row, completion) end

---Removes a row's item; the rows after it and the open rows among them move up.
---@param row SwipeRowRef
function SwipeContext:delete(row) end

---Inserts an item at a row (1 ... count + 1, or where the row with that id is). A table item's
---id must be new to the table.
---@param row SwipeRowRef
---@param item string|SwipeItem
function SwipeContext:insert(row, item) end

---Replaces a row's item; the row keeps its id (a table item's `id`, if given, must be it).
---@param row SwipeRowRef
---@param item string|SwipeItem
function SwipeContext:set_item(row, item) end

---Replaces every row with `list`, diffed by id as one batch (delete, insert, move and update
---events with ids); open and waiting rows follow their ids. Rows cannot be named after it in the
---same handler.
---@param list (string|SwipeItem)[]
function SwipeContext:set_items(list) end

---The number of rows (counting this handler's queued inserts and deletes).
---@return integer
function SwipeContext:count() end

---The row of the item with id `id` now (counting this handler's queued inserts and deletes), or nil.
---@param id string
---@return integer?
function SwipeContext:index(id) end

---A row's item: its string, or a copy of its table item.
---@param row SwipeRowRef
---@return string|SwipeItem
function SwipeContext:item(row) end

---Shows the detail screen (headless): a `present` trace event.
---@param detail { title: string, text: string }
function SwipeContext:present(detail) end

---Dismisses the detail screen.
function SwipeContext:dismiss() end

---Writes a `log` trace event.
---@param ... any
function SwipeContext:log(...) end

---Runs `fn(ctx)` after `ms` virtual milliseconds.
---@param ms number
---@param fn fun(ctx: SwipeContext)
function SwipeContext:after(ms, fn) end

---Writes a custom trace event named `name` with the table's fields. `name` may not be empty nor
---one of the host's own event names (`open`, `expand`, `will_open`, `actions`, `state`, ...).
---@param name string
---@param fields? table<string, string|number|boolean>
function SwipeContext:emit(name, fields) end

---Forgets the cached configuration of a row: `configure` is asked again when it next shows.
---@param row SwipeRowRef
function SwipeContext:invalidate(row) end

---@class SwipeHostInfo
---@field name string     the plugin's name
---@field rows integer    the number of rows
---@field width number    the cell width in points
---@field direction "ltr"|"rtl"  the layout direction
---@field log fun(...: any)
---@field set_direction fun(direction: "ltr"|"rtl")  lays the table out right to left (or back); `run --direction` wins

---@class SwipePluginTableOptions
---Opening a row closes the open one (animated, with its close event); "begin": a swipe beginning does.
---@field exclusive? boolean|"begin"
---@field close_on_scroll? boolean  a scroll closes the open rows
---@field close_on_tap? boolean     a tap on a row's content closes the open rows
---How a deleted row leaves and an inserted one arrives: "none" (at once, the default), "fade" or
---"slide" (its height collapses to 0, or grows from 0, over 300 ms; the rows below move with it).
---@field row_animation? "none"|"fade"|"slide"

---@class SwipePlugin
---@field name string
---@field version? string
---false: the row does not swipe; nil: the next plugin (then the tutorial's cell) decides
---@field configure? fun(row: SwipeRow): SwipeCellConfig|false|nil
---@field on_open? fun(ctx: SwipeContext, row: SwipeRow)
---@field on_close? fun(ctx: SwipeContext, row: SwipeRow)
---@field on_begin? fun(ctx: SwipeContext, row: SwipeRow)       a pan starts revealing row.side
---@field on_will_open? fun(ctx: SwipeContext, row: SwipeRow)   at release, before the snap open (row.velocity)
---@field on_will_close? fun(ctx: SwipeContext, row: SwipeRow)  at release, before the snap closed (row.velocity)
---@field on_expand? fun(ctx: SwipeContext, row: SwipeRow)      a full swipe arms
---@field on_collapse? fun(ctx: SwipeContext, row: SwipeRow)    a full swipe disarms
---@field on_progress? fun(ctx: SwipeContext, row: SwipeRow)    every pan move (row.offset, row.fraction)
---@field on_action? fun(ctx: SwipeContext, row: SwipeRow, button: SwipeButtonInfo)
---@field items? (string|SwipeItem)[]|fun(): (string|SwipeItem)[]
---@field setup? fun(host: SwipeHostInfo)
---@field table? SwipePluginTableOptions  the first plugin with a `table` sets the options; `run`'s flags turn more on

-- The test driver, `require("swipe")` in specs, is annotated once, in swipe.lua beside this file.
