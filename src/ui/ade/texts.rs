//! Help and About texts (the original's help, restated for this version).

pub const EDITING_HELP: &str = "Editing mode. Load opens a dialog to choose the type of the graph (A, D or E) and its degree. \
Click a node (or use the node buttons under the graph) to give it any integer value, negative allowed. \
'All ones' and 'Single 1 at' are quick starts. Playing switches to Playing mode: the current values become state 0 of the history.";

pub const PLAYING_HELP: &str = "Playing mode. Fire fires every positive node at once: a firing node's value is negated, \
and every node receives the values of its positive neighbours. Undo steps back one layer (back to the start, step by step). \
Exhaust fire fires until no node is positive; it stops on a repeated state (a loop), at the layer cap, or when you press Stop, \
and says which. Show graph opens the firing-sequence graph. Editing goes back to Editing mode and clears the graph and the tracing area. \
Keys: F fire, U undo, R redo, E exhaust fire, once the applet has the keyboard: click the picture (or Tab to a button) first.";

pub const GRAPH_HELP: &str = "The firing-sequence graph shows every layer as a row, layer 1 at the top: each node that fired \
is drawn in its column with one ring per unit of its value and the exact value at its top right. The max-rings box limits the \
rings drawn (0 = no maximum). Lines join nodes fired in consecutive layers that are neighbours in the graph. The sum of each \
layer is on the right, the number of layers at the bottom. OK closes this window; Fire and Undo act on the play; \
Save writes the picture as a TGA image (the original's format) or as PNG.";

pub const GAME_HELP: &str = "The ADE Concurrent Game puts an integer on every node of an A, D or E graph and fires every \
positive node at once, over and over. The firing rule: in one fire, every node whose value is positive gives its value \
away (its value becomes the negative of what it was), and at the same moment every node gains the values of its positive \
neighbours. A play ends when no node is positive. On the finite types (A_n, D_n, E6, E7, E8) every play terminates; a single 1 plays \
exactly h − 1 layers, h the Coxeter number. E9 and the larger E graphs may play forever. Use the Game menu for a new game.";

pub const ABOUT: &str =
    "ADE Concurrent Game — after the 2004 Java applet by Thai Son Hoang (UNSW, N. J. Wildberger's \
number games), rebuilt in Rust and WebAssembly for gamelab. Values are exact at any size.";
