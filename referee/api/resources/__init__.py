"""The API's endpoints, one module per resource: ``tokens`` (devices), ``tournaments``,
``players``, ``rounds``, ``tables``, ``deals``, ``standings`` and ``format`` (discipline,
appeals, the register, stages and teams). Each holds its views and its serializers, inputs
and outputs; every tournament endpoint is behind its surface (``referee.api.surfaces``)."""
