"""Everything the notebooks draw or wire to widgets; needs ipywidgets, matplotlib and networkx.

`lab` (the comparison lab), `steppers` (candidate by candidate, state by state), `search_tree`
(the recursion's tree and its merged states), `game_widget` (the practice game), `plots` (the
benchmark figures), `deck_plots` (the whole deck's figures), `reveal` (answers shown on demand),
`source` (a function's code in a notebook) and `style` (one look for all of them). How a hand, a
value, a count or a duration is written lives in `t24.text`, beside the core, because the command
line and the game write them too. The rest of t24 never imports this package, so `import t24`
works without Jupyter.
"""
