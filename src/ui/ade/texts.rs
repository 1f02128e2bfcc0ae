//! Help and About texts (the original's help, restated for this version and its new graphs).

pub const EDITING_HELP: &str = "Editing mode. Load opens a dialog to choose a graph: the type (A, D or E) and degree \
of the original applet, or a preset (every Dynkin diagram A to G, every affine one, a few hyperbolic ones, the pentagon \
of IMO 1986), or any graph typed as text: its number of nodes, a colon, then its edges, such as 5:1-2,2-3,3-4,4-5,5-1 \
(a pentagon). An edge 2-3.1.2 has weights: a₂₃ = −1 and a₃₂ = −2, so V3 gains twice what V2 fires. \
Shape the graph adds, moves and removes nodes, joins and parts them and sets an edge's weights; Roots lists the \
positive roots by height (press one to draw it on the graph). \
Click a node (or use the node buttons under the graph) to give it any integer value, negative allowed. \
'All ones' and 'Single 1 at' are quick starts. Playing switches to Playing mode: the current values become state 0 of the history.";

pub const PLAYING_HELP: &str = "Playing mode. Firing chooses the game. \
'Every positive node at once' is the original applet's: Fire fires every positive node in the same moment; a firing \
node's value v becomes −v, and every node gains what its positive neighbours fire (on a weighted edge, times the weight \
on its side). 'One node a move' is the numbers game: click a positive node, press its button under the picture or its \
number key (1 for V1) to fire it alone; Fire next fires the next positive node in turn, Fire every node in turn goes \
once round the nodes, Fire to the end plays until no node is positive. On a finite type every order ends at the same \
state after the same number of moves (Eriksson's strong convergence): Two orders plays the lowest-numbered and the \
highest-numbered positive node first, side by side, and replays either. \
Signs: here positive nodes fire, as in the applet; in Mozes's numbers game and in IMO 1986 Problem 3 negative ones do. \
Negating every number turns one into the other. \
Undo steps back one move (back to the start, step by step); Redo makes it again. \
Exhaust fire fires until no node is positive; it stops on a repeated state (a loop), at the layer cap, or when you press Stop, \
and says which. Show graph opens the firing-sequence graph. Editing goes back to Editing mode and clears the graph and the tracing area. \
Keys: F fire, U undo, R redo, E exhaust fire, T once round (the numbers game), once the applet has the keyboard: click the picture (or Tab to a button) first.";

pub const GRAPH_HELP: &str = "The firing-sequence graph shows every layer as a row, layer 1 at the top: each node that fired \
is drawn in its column with one ring per unit of its value and the exact value at its top right. The max-rings box limits the \
rings drawn (0 = no maximum). Lines join nodes fired in consecutive layers that are neighbours in the graph. The sum of each \
layer is on the right, the number of layers at the bottom. In the numbers game each move is a row of one node. \
OK closes this window; Fire and Undo act on the play; \
Save writes the picture as a TGA image (the original's format) or as PNG.";

pub const GAME_HELP: &str = "The ADE Concurrent Game puts an integer on every node of a graph and fires the positive \
nodes, over and over. The firing rule: every node whose value is positive gives its value away (its value becomes the \
negative of what it was), and at the same moment every node gains the values of its positive neighbours (times an \
edge's weight on a weighted graph). A play ends when no node is positive. On the finite types (the Dynkin diagrams A_n, \
B_n, C_n, D_n, E6, E7, E8, F4, G2) every play terminates; on A, D and E a single 1 plays exactly h − 1 layers, h the \
Coxeter number. On an affine graph (E9, a cycle, ~A…~G2) whether a play ends depends on the start's sum against the null \
vector δ; on the others plays may grow for ever. The status line says which type the graph is, and why. \
Use the Game menu for a new game.";

pub const ABOUT: &str =
    "ADE Concurrent Game — after the 2004 Java applet by Thai Son Hoang (UNSW, N. J. Wildberger's \
number games), rebuilt in Rust and WebAssembly for gamelab, with any graph and the numbers game. Values are exact at any size.";
