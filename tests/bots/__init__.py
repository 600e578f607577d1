"""The bots: each level, the solver, the sampler, claims, the review, the arena, the bidding model."""
