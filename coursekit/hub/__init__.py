"""What a JupyterHub class needs around nbgrader and nbgitpuller: the pull guard and the owner-checked collect."""
