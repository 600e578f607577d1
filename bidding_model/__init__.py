"""The tools that make and refit the bidding model (bots/data/bidding_model.json): :mod:`.data`
plays deals out to label the contracts, :mod:`.fit` fits the model's tables to them."""
