/**
 * Catálogo de traducciones al español (Ecuador / español latinoamericano
 * neutro, trato de "usted") para react-admin.
 *
 * Cubre todas las claves de `ra-language-english`, las claves `ra.tiptap.*`
 * que usa `ra-input-rich-text`, los recursos (`resources.<nombre>`) y las claves
 * propias de la aplicación bajo `amelia`. Las variables de interpolación de polyglot (`%{name}`,
 * `%{smart_count}`, ...) y los separadores de plural `||||`
 * (singular |||| plural) se conservan tal cual.
 */
import type { TranslationMessages } from 'react-admin';

// Claves `ra.tiptap.*` usadas por ra-input-rich-text (barra de herramientas de
// Tiptap). El paquete no exporta un catálogo en inglés; los textos por defecto
// están en las llamadas a translate() de sus botones.
// Se incorpora a `ra` mediante spread porque el tipo TranslationMessages de
// ra-core no declara `ra.tiptap` (y los literales se revisan por propiedades
// excedentes).
const richTextMessages = {
    tiptap: {
        align_left: 'Alinear a la izquierda',
        align_right: 'Alinear a la derecha',
        align_center: 'Centrar',
        align_justify: 'Justificar',
        blockquote: 'Cita',
        bold: 'Negrita',
        clear_format: 'Borrar formato',
        code: 'Código',
        color: 'Color del texto',
        current_level: 'Nivel actual',
        heading1: 'Título 1',
        heading2: 'Título 2',
        heading3: 'Título 3',
        heading4: 'Título 4',
        heading5: 'Título 5',
        heading6: 'Título 6',
        highlight: 'Resaltar',
        image: 'Imagen',
        image_dialog: 'URL de la imagen',
        italic: 'Cursiva',
        link: 'Agregar un enlace',
        list_bulleted: 'Lista con viñetas',
        list_numbered: 'Lista numerada',
        paragraph: 'Párrafo normal',
        select_level: 'Seleccionar el nivel',
        strike: 'Tachado',
        underline: 'Subrayado',
    },
} satisfies Record<string, Record<string, string>>;

export const es: TranslationMessages = {
    ra: {
        action: {
            add_filter: 'Agregar filtro',
            add: 'Agregar',
            back: 'Regresar',
            bulk_actions:
                '1 elemento seleccionado |||| %{smart_count} elementos seleccionados',
            cancel: 'Cancelar',
            clear_array_input: 'Vaciar la lista',
            clear_input_value: 'Borrar valor',
            clone: 'Duplicar',
            confirm: 'Confirmar',
            create: 'Crear',
            create_item: 'Crear %{item}',
            delete: 'Eliminar',
            edit: 'Editar',
            export: 'Exportar',
            list: 'Listado',
            refresh: 'Recargar',
            remove_filter: 'Quitar este filtro',
            remove_all_filters: 'Quitar todos los filtros',
            remove: 'Quitar',
            reset: 'Restablecer',
            save: 'Guardar',
            search: 'Buscar',
            search_columns: 'Buscar columnas',
            select_all: 'Seleccionar todo',
            select_all_button: 'Seleccionar todos',
            select_row: 'Seleccionar esta fila',
            show: 'Ver',
            sort: 'Ordenar',
            undo: 'Deshacer',
            unselect: 'Quitar selección',
            expand: 'Expandir',
            close: 'Cerrar',
            open_menu: 'Abrir menú',
            close_menu: 'Cerrar menú',
            update: 'Actualizar',
            move_up: 'Subir',
            move_down: 'Bajar',
            open: 'Abrir',
            toggle_theme: 'Cambiar entre modo claro y oscuro',
            select_columns: 'Columnas',
            update_application: 'Recargar la aplicación',
        },
        boolean: {
            true: 'Sí',
            false: 'No',
            null: ' ',
        },
        page: {
            create: 'Crear %{name}',
            dashboard: 'Panel de control',
            edit: '%{name} %{recordRepresentation}',
            error: 'Algo salió mal',
            list: '%{name}',
            loading: 'Cargando',
            not_found: 'Página no encontrada',
            show: '%{name} %{recordRepresentation}',
            empty: 'Aún no hay %{name}.',
            invite: '¿Desea agregar un registro?',
            access_denied: 'No tiene acceso',
            authentication_error: 'Error de autenticación',
        },
        input: {
            file: {
                upload_several:
                    'Arrastre algunos archivos para subirlos o haga clic para seleccionar uno.',
                upload_single:
                    'Arrastre un archivo para subirlo o haga clic para seleccionarlo.',
            },
            image: {
                upload_several:
                    'Arrastre algunas imágenes para subirlas o haga clic para seleccionar una.',
                upload_single:
                    'Arrastre una imagen para subirla o haga clic para seleccionarla.',
            },
            references: {
                all_missing: 'No se pudieron encontrar los datos de referencia.',
                many_missing:
                    'Al menos una de las referencias asociadas parece ya no estar disponible.',
                single_missing:
                    'La referencia asociada parece ya no estar disponible.',
            },
            password: {
                toggle_visible: 'Ocultar contraseña',
                toggle_hidden: 'Mostrar contraseña',
            },
        },
        message: {
            about: 'Acerca de',
            access_denied:
                'No tiene los permisos necesarios para acceder a esta página',
            are_you_sure: '¿Está seguro?',
            authentication_error:
                'El servidor de autenticación devolvió un error y no se pudieron verificar sus credenciales.',
            auth_error:
                'Ocurrió un error al validar el token de autenticación.',
            bulk_delete_content:
                '¿Está seguro de que desea eliminar este registro de %{name}? |||| ¿Está seguro de que desea eliminar estos %{smart_count} elementos?',
            bulk_delete_title:
                'Eliminar %{name} |||| Eliminar %{smart_count} %{name}',
            bulk_update_content:
                '¿Está seguro de que desea actualizar %{name} %{recordRepresentation}? |||| ¿Está seguro de que desea actualizar estos %{smart_count} elementos?',
            bulk_update_title:
                'Actualizar %{name} %{recordRepresentation} |||| Actualizar %{smart_count} %{name}',
            clear_array_input:
                '¿Está seguro de que desea vaciar toda la lista?',
            delete_content:
                '¿Está seguro de que desea eliminar este registro de %{name}?',
            delete_title: 'Eliminar %{name} %{recordRepresentation}',
            details: 'Detalles',
            error: 'Ocurrió un error en el cliente y no se pudo completar su solicitud.',
            invalid_form:
                'El formulario no es válido. Por favor, revise los errores',
            loading: 'Por favor, espere',
            no: 'No',
            not_found:
                'Es posible que haya escrito mal la dirección o que haya seguido un enlace incorrecto.',
            select_all_limit_reached:
                'Hay demasiados elementos para seleccionarlos todos. Solo se seleccionaron los primeros %{max} elementos.',
            unsaved_changes:
                'Algunos de sus cambios no se guardaron. ¿Está seguro de que desea descartarlos?',
            yes: 'Sí',
            placeholder_data_warning:
                'Problema de red: no se pudieron actualizar los datos.',
        },
        navigation: {
            clear_filters: 'Limpiar filtros',
            no_filtered_results:
                'No se encontraron %{name} con los filtros actuales.',
            no_results: 'No se encontraron %{name}',
            no_more_results:
                'La página número %{page} está fuera de rango. Intente con la página anterior.',
            page_out_of_boundaries:
                'La página número %{page} está fuera de rango',
            page_out_from_end:
                'No se puede avanzar más allá de la última página',
            page_out_from_begin: 'No se puede retroceder antes de la página 1',
            page_range_info: '%{offsetBegin}-%{offsetEnd} de %{total}',
            partial_page_range_info:
                '%{offsetBegin}-%{offsetEnd} de más de %{offsetEnd}',
            current_page: 'Página %{page}',
            page: 'Ir a la página %{page}',
            first: 'Ir a la primera página',
            last: 'Ir a la última página',
            next: 'Ir a la página siguiente',
            previous: 'Ir a la página anterior',
            page_rows_per_page: 'Filas por página:',
            skip_nav: 'Saltar al contenido',
        },
        sort: {
            sort_by: 'Ordenar por %{field_lower_first} en orden %{order}',
            ASC: 'ascendente',
            DESC: 'descendente',
        },
        auth: {
            auth_check_error: 'Por favor, inicie sesión para continuar',
            user_menu: 'Perfil',
            username: 'Nombre de usuario',
            password: 'Contraseña',
            email: 'Correo electrónico',
            sign_in: 'Iniciar sesión',
            sign_in_error:
                'La autenticación falló. Por favor, intente nuevamente',
            logout: 'Cerrar sesión',
        },
        notification: {
            updated:
                'Elemento actualizado |||| %{smart_count} elementos actualizados',
            created: 'Elemento creado',
            deleted:
                'Elemento eliminado |||| %{smart_count} elementos eliminados',
            bad_item: 'Elemento incorrecto',
            item_doesnt_exist: 'El elemento no existe',
            http_error: 'Error de comunicación con el servidor',
            data_provider_error:
                'Error del proveedor de datos (dataProvider). Revise la consola para más detalles.',
            i18n_error:
                'No se pudieron cargar las traducciones del idioma especificado',
            canceled: 'Acción cancelada',
            logged_out:
                'Su sesión ha finalizado. Por favor, inicie sesión nuevamente.',
            not_authorized: 'No está autorizado para acceder a este recurso.',
            application_update_available: 'Hay una nueva versión disponible.',
            offline: 'Sin conexión. No se pudieron obtener los datos.',
        },
        validation: {
            required: 'Obligatorio',
            minLength: 'Debe tener al menos %{min} caracteres',
            maxLength: 'Debe tener %{max} caracteres o menos',
            minValue: 'Debe ser al menos %{min}',
            maxValue: 'Debe ser %{max} o menos',
            number: 'Debe ser un número',
            email: 'Debe ser un correo electrónico válido',
            oneOf: 'Debe ser uno de: %{options}',
            regex: 'Debe coincidir con un formato específico (expresión regular): %{pattern}',
            unique: 'Debe ser único',
        },
        saved_queries: {
            label: 'Consultas guardadas',
            query_name: 'Nombre de la consulta',
            new_label: 'Guardar la consulta actual...',
            new_dialog_title: 'Guardar la consulta actual como',
            remove_label: 'Eliminar consulta guardada',
            remove_label_with_name: 'Eliminar la consulta "%{name}"',
            remove_dialog_title: '¿Eliminar la consulta guardada?',
            remove_message:
                '¿Está seguro de que desea eliminar ese elemento de su lista de consultas guardadas?',
            help: 'Filtre la lista y guarde esta consulta para usarla más tarde',
        },
        guesser: {
            empty: {
                title: 'No hay datos para mostrar',
                message: 'Por favor, revise su proveedor de datos',
            },
        },
        configurable: {
            customize: 'Personalizar',
            configureMode: 'Configurar esta página',
            inspector: {
                title: 'Inspector',
                content:
                    'Pase el cursor sobre los elementos de la interfaz para configurarlos',
                reset: 'Restablecer configuración',
                hideAll: 'Ocultar todo',
                showAll: 'Mostrar todo',
            },
            Datagrid: {
                title: 'Tabla de datos',
                unlabeled: 'Columna sin etiqueta #%{column}',
            },
            SimpleForm: {
                title: 'Formulario',
                unlabeled: 'Campo sin etiqueta #%{input}',
            },
            SimpleList: {
                title: 'Lista',
                primaryText: 'Texto principal',
                secondaryText: 'Texto secundario',
                tertiaryText: 'Texto terciario',
            },
        },
        ...richTextMessages,
    },
    // Recursos: nombre (singular |||| plural), etiquetas de campos, filtros y columnas, y títulos de página.
    resources: {
        configuraciones: {
            name: 'Configuración |||| Configuraciones',
            fields: {
                CON_CODIGO: 'Posición',
                CON_NOMBRE: 'Configuración',
                CON_VALOR1: 'Valor 1',
                CON_VALOR2: 'Valor 2',
                CON_VALOR3: 'Valor 3',
                CON_VALOR4: 'Valor 4',
                CON_VALOR5: 'Valor 5',
                CON_VALOR6: 'Valor 6',
                CON_VALOR7: 'Valor 7',
                CON_VALOR8: 'Valor 8',
            },
            page: { edit: 'Editar configuración' },
        },
        ingresos: {
            name: 'Acceso a empresa |||| Accesos a empresas',
            fields: {
                ING_FECHA: 'Fecha',
                ADM_NOMBRE: 'Distribuidor',
                EMP_NOMBREC: 'Empresa',
                EMP_RUC: 'RUC',
                USU_USUARIO: 'Usuario usado',
                ING_IP: 'IP',
            },
        },
        soporte: {
            name: 'Ticket |||| Tickets de soporte',
            fields: {
                SPT_ID: 'N°',
                SPT_FECHA: 'Fecha',
                SPT_ACTUALIZADO: 'Última actualización',
                SPT_CLIENTENOMBRE: 'Cliente',
                SPT_RUC: 'RUC / cédula',
                SPT_CLIENTECORREO: 'Correo electrónico',
                SPT_CLIENTETELEFONO: 'Teléfono',
                SPT_PRODUCTOS: 'Producto',
                PROD_NOMBRE: 'Producto',
                SPT_ASUNTO: 'Asunto',
                SPT_ESTADO: 'Estado',
                ASE_CODIGO: 'Asesor',
                ASE_NOMBRE: 'Asesor',
                SPT_RESPUESTA: 'Respuesta al cliente',
                comentario: 'Comentario (opcional)',
                estado_al_responder: 'Cambiar estado al responder',
                asesor_asignado: 'Asesor asignado',
            },
            page: { show: 'Ticket de soporte' },
            buscar: 'Cliente, RUC o número',
            sin_asesor: 'Sin asignar',
            volver_a_la_lista: 'Volver a la lista',
        },
        productos: {
            name: 'Producto |||| Productos',
            fields: {
                PROD_ID: 'Código',
                PROD_NOMBRE: 'Nombre',
                PROD_ACTIVO: 'Activo',
            },
            page: { create: 'Nuevo producto', edit: 'Editar producto' },
            buscar: 'Buscar producto',
            ayuda_activo: 'Un producto activo se ofrece en el formulario público de tickets',
        },
        asesores: {
            name: 'Asesor |||| Asesores',
            fields: { ASE_NOMBRE: 'Nombre' },
        },
    },
    // Textos propios de la aplicación que no pertenecen a un recurso.
    amelia: {
        paginas: {
            inicio: 'Inicio',
            mi_empresa: 'Mi empresa',
            ayuda: 'Ayuda y soporte',
        },
        volver_al_inicio: 'Volver al inicio',
        clave: {
            cambiar: 'Cambiar clave',
            elegir: 'Elija una clave nueva',
            actual: 'Clave actual',
            nueva: 'Clave nueva',
            confirmacion: 'Confirmar clave nueva',
            no_coinciden: 'Las claves no coinciden',
            guardar: 'Guardar clave',
        },
    },
};

export default es;
