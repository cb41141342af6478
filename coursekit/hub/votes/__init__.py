"""The class vote (issue 38): a JupyterHub service that gathers the lessons' Predict and Guess answers as votes.

`ballots` turns a lesson's PREDICTIONS into ballots and checks an answer against them, `tally` counts a round,
`store` keeps the votes in SQLite (one per learner per question per round), `service` is the hub service (HubOAuth)
with the instructor's page of `page`, and `send` is what a learner's widget calls to vote. Only `service` needs
JupyterHub; everything else is plain Python.
"""
