"""Background jobs on Django's tasks API (the ``django-tasks`` backport of Django 6.0's
``django.tasks``, with its database backend ``django-tasks-db``): README, *Running a venue*."""
