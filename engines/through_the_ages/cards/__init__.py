"""Card data of Through the Ages, one YAML file per deck (read with ``engines.core.data.load_data``)."""
