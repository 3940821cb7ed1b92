"""The tutor: scenarios, replay, views, widgets and the ``tutor`` command."""
