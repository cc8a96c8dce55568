---@meta
-- LuaLS annotations for SwipeHost plugins: point your editor's Lua language server at this
-- folder (the repository's .luarc.json does) to get completion and checks for the host API.

---@class SwipeRow
---@field index integer  1-based row number
---@field item string    the row's item ("Longer Title Item #3")

---@class SwipeButtonInfo
---@field id string
---@field index integer  1 = rightmost
---@field title string

---@class SwipeButtonSpec
---@field id string
---@field title string
---@field width number   points, > 0
---@field color? string  "#RRGGBB"
---@field style? "normal"|"destructive"
---@field on_tap? fun(ctx: SwipeContext, row: SwipeRow, button: SwipeButtonInfo)

---@class SwipeCellConfig
---@field buttons SwipeButtonSpec[]  button 1 (rightmost) first
---@field bounce? number             points, default 20
---@field duration? number           seconds per animation step, default 0.1
---@field curve? "ease_out"|"linear"|"ease_in"|"ease_in_out"
---@field open_threshold? number     points, default half of button 1
---@field close_threshold? number    points, default every button but the leftmost plus half of it

---@class SwipeContext
---@field now number  virtual milliseconds
local SwipeContext = {}

---Opens a row (animated), recorded in the open rows; no delegate call back into plugins.
---@param row integer
function SwipeContext:open(row) end

---Closes a row (animated) and forgets it was open; no delegate call.
---@param row integer
function SwipeContext:close(row) end

---Removes a row's item; the rows after it and the open rows among them move up.
---@param row integer
function SwipeContext:delete(row) end

---Inserts an item at a row (1 ... count + 1).
---@param row integer
---@param item string
function SwipeContext:insert(row, item) end

---Replaces a row's item.
---@param row integer
---@param item string
function SwipeContext:set_item(row, item) end

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

---Writes a custom trace event named `name` with the table's fields.
---@param name string
---@param fields? table<string, string|number|boolean>
function SwipeContext:emit(name, fields) end

---Forgets the cached configuration of a row: `configure` is asked again when it next shows.
---@param row integer
function SwipeContext:invalidate(row) end

---@class SwipeHostInfo
---@field name string     the plugin's name
---@field rows integer    the number of rows
---@field width number    the cell width in points
---@field log fun(...: any)

---@class SwipePlugin
---@field name string
---@field version? string
---@field configure? fun(row: SwipeRow): SwipeCellConfig|nil
---@field on_open? fun(ctx: SwipeContext, row: SwipeRow)
---@field on_close? fun(ctx: SwipeContext, row: SwipeRow)
---@field on_action? fun(ctx: SwipeContext, row: SwipeRow, button: SwipeButtonInfo)
---@field items? string[]|fun(): string[]
---@field setup? fun(host: SwipeHostInfo)
