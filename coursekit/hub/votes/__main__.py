"""`python -m coursekit.hub.votes`: the class vote service, as the hub's config starts it."""

from coursekit.hub.votes.service import main

main()
