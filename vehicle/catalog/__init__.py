"""The capability catalog: data in ``catalog/``, typed and cross-checked here."""

from .catalog import MODE_TYPE, PERIPHERAL_TYPE, Catalog, CatalogError
from .loader import catalog_from_dict, default_catalog_dir, load_catalog
from .models import LANGUAGES, Parameter

__all__ = [
    "Catalog",
    "CatalogError",
    "LANGUAGES",
    "MODE_TYPE",
    "PERIPHERAL_TYPE",
    "Parameter",
    "catalog_from_dict",
    "default_catalog_dir",
    "load_catalog",
]
