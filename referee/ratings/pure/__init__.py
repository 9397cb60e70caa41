"""The ratings' algorithms, plain Python (no Django): the two rating methods, the replay of a
rating list's games, qualification points and norms, and the rating chart's geometry."""
