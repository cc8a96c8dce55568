// Placeholder: the real script comes from the page branch.
"use strict";
