"""Run the PettingZoo environment for a few episodes with random masked actions and print
each agent's return (the place a learner's policy would go).

Run:  python examples/train_env.py [region] [episodes]
"""
from __future__ import annotations

import sys

import numpy as np

from hupai.env import table_env


def main(region: str = "luzhou", episodes: int = 3, seed: int = 0) -> list[dict[str, float]]:
    env = table_env(region)
    rng = np.random.default_rng(seed)
    returns = []
    env.reset(seed=seed)                  # episode i is round i of the run seeded `seed`
    for episode in range(episodes):
        if episode:
            env.reset()
        total = dict.fromkeys(env.agents, 0.0)
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _info = env.last()
            total[agent] += reward
            if terminated or truncated:
                env.step(None)
            else:                         # a policy would choose here, among the mask's indices
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        returns.append(total)
        print(f"episode {episode}: " + ", ".join(f"{a} {r:+g}" for a, r in total.items()))
    env.close()
    return returns


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "luzhou", int(sys.argv[2]) if len(sys.argv) > 2 else 3)
