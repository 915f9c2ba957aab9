"""Research APIs: the games behind standard interfaces for learning agents.

- ``brinkmanship.envs.pettingzoo``: PettingZoo AEC and parallel environments;
- ``brinkmanship.envs.openspiel``: both games registered with OpenSpiel;
- ``brinkmanship.envs.gym``: Gymnasium single-agent environments against a
  bot, and their vectorised forms.

They need the ``research`` extra (``pip install brinkmanship[research]``);
importing this package alone does not import any of those libraries. All
share ``brinkmanship.envs.driver``: chance answered inside the environment,
action masks over the game's fixed id space, and observation tensors
(docs/observation.md).
"""
